package dev.llmproxy.it;

import dev.llmproxy.testing.FakeGoogleTokens;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import dev.llmproxy.testing.OidcTestServer;
import dev.llmproxy.testing.OtlpReceiver;
import dev.llmproxy.testing.RecordedBodies;
import dev.llmproxy.testing.TestTls;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.StringReader;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static dev.llmproxy.testing.OpenAiBodies.partialEvents;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What must hold on every server the WAR is deployed to, checked against one started from the operator's kit: a
 * request that falls back past a failing model (whole and streamed) and its request-log row, health on the
 * application's own port, metrics, the admin API's Basic sign-in, the console's form sign-in with its cookie, and single
 * sign-on through an OpenID Connect provider (the console's and the admin API's bearer tokens).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@OwnServers // one at a time besides: they share the sign-in provider's and the collector's ports
abstract class PortabilitySmoke {

    private FaultUpstream fault;
    private FaultUpstream secure;
    private FakeGoogleTokens tokens;
    private OidcTestServer signInProvider;
    private OtlpReceiver collector;
    private KitServer server;
    private ProxyClient proxy;

    @BeforeAll
    void startServer() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("smoke-down", FaultUpstream.status(503, "{\"error\":{\"message\":\"overloaded\"}}"));
        fault.on("smoke-up", FaultUpstream.ok());
        // its own failing model: the breaker of smoke-down counts the failures of the other tests
        fault.on("smoke-traced-down", FaultUpstream.status(503, "{\"error\":{\"message\":\"overloaded\"}}"));
        fault.on("smoke-stream", fault.stream(0, 5, Ending.DONE, answerEvents("smoke-stream", "Hello", " world")));
        fault.on("smoke-cut", fault.stream(0, 5, Ending.CUT, partialEvents("smoke-cut", "Hello", " wor")));
        // a provider and its token endpoint over https, by a CA the server trusts only through PROXY_TRUST_STORE
        secure = new FaultUpstream(0, TestTls.server());
        secure.on("smoke-vertex", FaultUpstream.status(200, RecordedBodies.body("gemini", "answer-thinking.json")));
        tokens = new FakeGoogleTokens();
        tokens.writeKey(KitServer.VERTEX_KEY);
        collector = OtlpReceiver.start(KitServer.OTLP_PORT);
        signInProvider = OidcTestServer.start(KitServer.OIDC_PORT, KitServer.SERVERS.resolve("oidc-smoke.log"));
        server = start();
        proxy = new ProxyClient(server.base());
        proxy.importConfig(new ConfigBuilder(fault.baseUrl())
                .provider("vertex", "vertex", "https://localhost:" + secure.port()
                        + "/v1/projects/test-project/locations/us-east5", "IT_VERTEX_KEY")
                .paidModel("smoke-gemini", "vertex", "smoke-vertex", "gemini")
                .tier("smoke-https", "smoke-gemini")
                .tier("smoke", "smoke-down", "smoke-up")
                .tier("smoke-traced", "smoke-traced-down", "smoke-up")
                .tier("smoke-streamed", "smoke-down", "smoke-stream")
                .tier("smoke-broken", "smoke-cut")
                .setting("firstTokenTimeoutMs", 5000).setting("streamIdleTimeoutMs", 5000)
                .setting("storeAnonymousResponses", true)
                .build());
    }

    /** The server under test, started from the kit and ready. */
    abstract KitServer start() throws Exception;

    /**
     * Whether the server's cut may lose what it still had queued: Payara cuts by closing the whole connection, and
     * the last bytes written (the error event, the tail of the text, even the headers of a short answer) do not
     * always go out first. The cut itself is certain: nothing reads as a finished answer.
     */
    boolean cutMayLoseQueuedBytes() {
        return false;
    }

    /** Asks for the broken stream; null when the server's cut overtook even the response's headers. */
    private Streamed brokenStream(HttpClient http) throws Exception {
        try {
            return Streamed.call(http, server.base(), "smoke-broken", false);
        } catch (IOException beforeTheHeaders) {
            assertThat(cutMayLoseQueuedBytes()).as("only a server whose cut may lose queued bytes cuts before the headers")
                    .isTrue();
            return null;
        }
    }

    /** After every test: the server's log shows none of the background failures once seen on these servers. */
    @AfterAll
    void stop() throws Exception {
        if (signInProvider != null) {
            signInProvider.close();
        }
        if (collector != null) {
            collector.close();
        }
        secure.close();
        tokens.close();
        if (server == null) {
            fault.close();
            return;
        }
        String log = server.log();
        server.close();
        fault.close();
        assertThat(log).doesNotContain("closed EntityManager")
                .doesNotContain("Could not check the database for configuration changes")
                .doesNotContain("failed inside the proxy");
    }

    @Test
    void aProviderAndItsTokenEndpointOfAPrivateCaAreReachedOverHttps() throws Exception {
        int issued = tokens.issued();

        var answer = proxy.chat("smoke-https");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        assertThat(answer.body()).contains("Occam's Razor says");
        assertThat(tokens.issued()).isGreaterThan(issued);
        assertThat(secure.authorizations("smoke-vertex")).isNotEmpty().allMatch(a -> a.startsWith("Bearer tok-"));
    }

    @Test
    void aRequestFallsBackPastAFailingModelAndIsLogged() {
        HttpResponse<String> r = proxy.chat("smoke");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("smoke-up");
        assertThat(r.headers().firstValue("X-Proxy-Fallback")).hasValue("true");
        assertThat(json(r.body()).getJsonArray("choices").getJsonObject(0).getJsonObject("message")
                .getString("content")).isNotEmpty();

        String id = r.headers().firstValue("X-Request-Id").orElseThrow();
        JsonObject row = proxy.awaitLoggedRow(id, Duration.ofSeconds(20));
        assertThat(row.getInt("status")).isEqualTo(200);
        assertThat(row.getString("answeringModel")).isEqualTo("smoke-up");
        JsonArray attempts = row.getJsonArray("attempts");
        assertThat(attempts.getJsonObject(0).getString("model")).isEqualTo("smoke-down");
        assertThat(attempts.getJsonObject(0).getInt("status")).isEqualTo(503);
        assertThat(attempts.getJsonObject(attempts.size() - 1).getString("outcome")).isEqualTo("SUCCESS");
    }

    @Test
    void theMessagesFrontDoorAnswersInAnthropicsShapesWholeAndStreamed() {
        HttpResponse<String> r = proxy.send("POST", "/v1/messages", "{\"model\":\"smoke\",\"max_tokens\":64,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}", "x-api-key", "unused");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Fallback")).hasValue("true");
        JsonObject message = json(r.body());
        assertThat(message.getString("type")).isEqualTo("message");
        assertThat(message.getJsonArray("content").getJsonObject(0).getString("text")).isNotEmpty();
        assertThat(message.getString("stop_reason")).isEqualTo("end_turn");

        HttpResponse<String> s = proxy.post("/v1/messages", "{\"model\":\"smoke-streamed\",\"max_tokens\":64,"
                + "\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertThat(s.statusCode()).as(s.body()).isEqualTo(200);
        assertThat(s.body()).startsWith("event: message_start").contains("\"text\":\"Hello\"")
                .endsWith("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n");

        HttpResponse<String> bad = proxy.post("/v1/messages", "{\"model\":\"smoke\",\"messages\":[]}");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(json(bad.body()).getJsonObject("error").getString("type")).isEqualTo("invalid_request_error");
        JsonObject row = proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(20));
        assertThat(row.getString("frontDoor")).isEqualTo("messages");
    }

    @Test
    void theResponsesFrontDoorAnswersStoresAndStreams() {
        HttpResponse<String> r = proxy.post("/v1/responses", "{\"model\":\"smoke\",\"input\":\"hi\"}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonObject response = json(r.body());
        assertThat(response.getString("status")).isEqualTo("completed");
        HttpResponse<String> stored = proxy.get("/v1/responses/" + response.getString("id"));
        assertThat(stored.statusCode()).as(stored.body()).isEqualTo(200);

        HttpResponse<String> s = proxy.post("/v1/responses", "{\"model\":\"smoke-streamed\",\"stream\":true,"
                + "\"input\":\"hi\"}");
        assertThat(s.statusCode()).as(s.body()).isEqualTo(200);
        assertThat(s.body()).startsWith("event: response.created").contains("\"delta\":\"Hello\"")
                .contains("event: response.completed");
    }

    @Test
    void aStreamFallsBackAndEndsWithDone() {
        HttpResponse<String> r = proxy.post("/v1/chat/completions",
                "{\"model\":\"smoke-streamed\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/event-stream");
        assertThat(r.headers().firstValue("X-Proxy-Fallback")).hasValue("true");
        assertThat(r.body()).contains("Hello").contains(" world").endsWith("data: [DONE]\n\n");
        String id = r.headers().firstValue("X-Request-Id").orElseThrow();
        JsonObject row = proxy.awaitLoggedRow(id, Duration.ofSeconds(20));
        assertThat(row.getBoolean("stream")).isTrue();
        assertThat(row.getInt("status")).isEqualTo(200);
    }

    @Test
    void aStreamNoModelCouldFinishEndsWithAnErrorEventAndACutConnection() throws Exception {
        Streamed s = brokenStream(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build());
        if (s == null) {
            return;
        }
        assertThat(s.response().statusCode()).isEqualTo(200);
        if (cutMayLoseQueuedBytes()) {
            assertThat("Hello wor").startsWith(s.text());
        } else {
            assertThat(s.text()).isEqualTo("Hello wor");
            assertThat(s.events()).containsExactly("error");
            assertThat(s.chunks().get(s.chunks().size() - 1).getJsonObject("error").getString("code"))
                    .isEqualTo("stream_interrupted");
        }
        assertThat(s.done()).isFalse();
        assertThat(s.cut()).as("no last chunk: the body has no proper end").isTrue();
        JsonObject row = proxy.awaitLoggedRow(s.header("X-Request-Id"), Duration.ofSeconds(20));
        assertThat(row.getInt("status")).isEqualTo(502);
    }

    /**
     * Over HTTP/2 (the JDK client upgrades plain-http connections) the stream is reset. A reset tells the client to
     * drop what it has not read yet, and the JDK's client does, so only the cut itself is certain here.
     */
    @Test
    void overHttp2AStreamNoModelCouldFinishIsCutToo() throws Exception {
        Streamed s = brokenStream(HttpClient.newHttpClient());
        if (s == null) {
            return;
        }
        assertThat(s.response().version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat("Hello wor").startsWith(s.text());
        assertThat(s.done()).isFalse();
        assertThat(s.cut()).as("the body has no proper end").isTrue();
    }

    @Test
    void healthAnswersOnTheApplicationsOwnPort() {
        HttpResponse<String> ready = proxy.get("/health/ready");
        assertThat(ready.statusCode()).as(ready.body()).isEqualTo(200);
        JsonObject body = json(ready.body());
        assertThat(body.getString("status")).isEqualTo("UP");
        JsonObject check = body.getJsonArray("checks").getJsonObject(0);
        assertThat(check.getString("name")).isEqualTo("proxy");
        assertThat(check.getJsonObject("data").getString("database")).isEqualTo("up");
        // the same JSON as on Liberty: numbers and booleans as such
        assertThat(check.getJsonObject("data").getJsonNumber("tiersAnswering").longValue()).isPositive();
        assertThat(check.getJsonObject("data").getBoolean("degraded")).isFalse();
        assertThat(proxy.get("/health/live").statusCode()).isEqualTo(200);
    }

    @Test
    void metricsAreServed() {
        HttpResponse<String> metrics = proxy.get("/metrics");
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body()).contains("proxy_requests_total").contains("jvm_memory_used_bytes");
    }

    @Test
    void theAdminApiTakesBasicAndRefusesAWrongPassword() {
        assertThat(proxy.adminGet("/admin/api/config").statusCode()).isEqualTo(200);
        HttpResponse<String> wrong = proxy.send("GET", "/admin/api/config", null, "Authorization",
                "Basic " + java.util.Base64.getEncoder().encodeToString("admin:wrong".getBytes()),
                "X-Forwarded-For", "203.0.113.7");
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(json(wrong.body()).getJsonObject("error").getString("code")).isEqualTo("unauthorized");
        assertThat(proxy.get("/admin/api/config").statusCode()).isEqualTo(401);
    }

    @Test
    void theConsoleSignsInWithAStrictHttpOnlyCookie() throws Exception {
        ConsoleLogin console = ConsoleLogin.open(proxy, "203.0.113.8");
        assertThat(console.setCookie()).contains("HttpOnly").contains("SameSite=Strict").contains("Path=/admin");
        HttpResponse<String> signedIn = console.signIn("admin", KitServer.ADMIN_PASSWORD);
        assertThat(signedIn.statusCode()).as(signedIn.body()).isEqualTo(302);
        assertThat(signedIn.headers().firstValue("Set-Cookie").orElseThrow()).contains("HttpOnly")
                .contains("SameSite=Strict");
        HttpResponse<String> dashboard = console.get("/admin/dashboard");
        assertThat(dashboard.statusCode()).isEqualTo(200);
        assertThat(dashboard.body()).contains("Sign out");
    }

    @Test
    void aPersonSignsInThroughTheProviderAndTheAdminApiTakesItsTokens() {
        SsoBrowser browser = new SsoBrowser(server.base());
        HttpResponse<String> back = browser.signIn("smoke", List.of("llm-admins"));
        assertThat(back.statusCode()).as(back.body()).isEqualTo(200);
        assertThat(back.headers().allValues("Set-Cookie")).anySatisfy(c -> assertThat(c)
                .startsWith("llmproxy_console=").contains("HttpOnly").contains("SameSite=Strict"));
        HttpResponse<String> dashboard = browser.get("/admin/dashboard");
        assertThat(dashboard.statusCode()).isEqualTo(200);
        assertThat(dashboard.body()).contains("sso:smoke");

        String token = SsoBrowser.accessToken(signInProvider.issuer(), "smoke", List.of("llm-admins"),
                "llm-proxy-admin-api");
        assertThat(proxy.send("GET", "/admin/api/config", null, "Authorization", "Bearer " + token).statusCode())
                .isEqualTo(200);
        assertThat(proxy.send("GET", "/admin/api/config", null, "Authorization", "Bearer x.y.z").statusCode())
                .isEqualTo(401);
    }

    @Test
    void aRequestIsATraceWithASpanPerCall() {
        HttpResponse<String> r = proxy.send("POST", "/v1/chat/completions", ProxyClient.chatBody("smoke-traced"),
                "traceparent", "00-" + TracingIT.CALLER_TRACE + "-" + TracingIT.CALLER_SPAN + "-01");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        TracingIT.assertTraceOfAFallback(TracingIT.awaitTrace(collector, TracingIT.CALLER_TRACE),
                r.headers().firstValue("X-Request-Id").orElseThrow(), "smoke-traced");
    }

    private static JsonObject json(String body) {
        return Json.createReader(new StringReader(body)).readObject();
    }
}
