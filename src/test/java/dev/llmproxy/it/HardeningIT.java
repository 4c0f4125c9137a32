package dev.llmproxy.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Hostile and malformed requests, each answered in the OpenAI error shape and never left hanging; password guessing
 * throttled; the console's cookie and CSV export safe; the request log durable on request. Clients are told apart
 * by X-Forwarded-For from the trusted local proxy, so that a lock-out here locks out no other test.
 */
class HardeningIT extends DeployedProxy {

    private static final String USER = "guess-target";
    private static final String PASSWORD = "the-right-password-1";

    /** A sim tier, clients told apart through the trusted local proxy, and the given settings. */
    private static String config(String settings) {
        return "{\"providers\":[{\"name\":\"sim\",\"kind\":\"sim\",\"baseUrl\":\"sim://local\"}],"
                + "\"models\":[{\"name\":\"h-fast\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"}],"
                + "\"tiers\":[{\"name\":\"h-tier\",\"chain\":[\"h-fast\"]}],"
                + "\"settings\":{\"trustedProxies\":[\"127.0.0.1\",\"::1\"]," + settings + "}}";
    }

    @BeforeAll
    static void configure() {
        ProxyClient admin = new ProxyClient();
        admin.importConfig(config("\"signInFailuresPerAddress\":3,\"signInFailuresPerUser\":5,\"signInWindowMs\":600000"));
        HttpResponse<String> user = admin.adminPut("/admin/api/users/" + USER,
                "{\"password\":\"" + PASSWORD + "\",\"role\":\"admin\"}");
        assertThat(user.statusCode()).as(user.body()).isEqualTo(200);
    }

    @AfterAll
    static void liftLockOuts() {
        new ProxyClient().send("DELETE", "/admin/api/sign-in-locks", null, "Authorization", ProxyClient.adminAuth());
    }

    private static JsonObject json(String body) {
        return Json.createReader(new StringReader(body)).readObject();
    }

    private static JsonObject error(String body) {
        return json(body).getJsonObject("error");
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aBodyNestedTooDeepOrANumberTooLongIsA400NamingTheFieldAndIsLogged() throws Exception {
        String chat = "{\"model\":\"h-tier\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],";
        List<String> bodies = List.of(chat + "\"x\":" + "[".repeat(1000) + "]".repeat(1000) + "}",
                chat + "\"x\":" + "[".repeat(1000),
                chat + "\"max_tokens\":" + "9".repeat(1200) + "}",
                chat + "\"max_tokens\":1e999999999}");
        for (String body : bodies) {
            RawExchange r = RawExchange.post("/v1/chat/completions", body);
            assertThat(r.status()).as(r.head()).isEqualTo(400);
            JsonObject e = error(r.body());
            assertThat(e.getString("type")).isEqualTo("invalid_request_error");
            assertThat(e.getString("param")).startsWith(body.contains("max_tokens") ? "max_tokens" : "x[0][0]");
            String id = r.header("X-Request-Id");
            await().untilAsserted(() -> assertThat(proxy.adminGet("/admin/api/requests?limit=50").body()).contains(id));
        }
    }

    @Test
    void aConfigDocumentNestedTooDeepIsRefusedInTheErrorShape() {
        HttpResponse<String> r = proxy.adminPut("/admin/api/config",
                "{\"settings\":" + "{\"a\":".repeat(1000) + "1" + "}".repeat(1000) + "}");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        assertThat(error(r.body()).getString("message")).contains("nested more than 64 levels deep");
    }

    @Test
    void aMalformedBasicCredentialIsNeverA500AndOnTheAdminApiA401() {
        for (String header : List.of("Basic !!!", "Basic YWRtaW4=", "Basic", "Basic ====")) {
            for (String path : List.of("/v1/models", "/v1/status", "/metrics", "/admin/login", "/admin/dashboard")) {
                HttpResponse<String> r = proxy.send("GET", path, null, "Authorization", header);
                assertThat(r.statusCode()).as(header + " " + path).isLessThan(500);
            }
            HttpResponse<String> chat = proxy.send("POST", "/v1/chat/completions", ProxyClient.chatBody("h-tier"),
                    "Authorization", header);
            assertThat(chat.statusCode()).as(header).isLessThan(500);
            HttpResponse<String> api = proxy.send("GET", "/admin/api/config", null, "Authorization", header);
            assertThat(api.statusCode()).as(header).isEqualTo(401);
            assertThat(api.headers().firstValue("WWW-Authenticate").orElseThrow()).startsWith("Basic");
            assertThat(error(api.body()).getString("type")).isEqualTo("authentication_error");
        }
    }

    @Test
    void everyMethodOnTheApiEndpointsIsAnsweredWithAllow() throws Exception {
        for (String[] route : List.of(new String[] {"/v1/chat/completions", "POST, OPTIONS"},
                new String[] {"/v1/models", "GET, HEAD, OPTIONS"}, new String[] {"/v1/status", "GET, HEAD, OPTIONS"},
                new String[] {"/metrics", "GET, HEAD, OPTIONS"})) {
            for (String method : List.of("PUT", "DELETE", "PATCH", "FOO")) {
                HttpResponse<String> r = proxy.send(method, route[0], "{}");
                assertThat(r.statusCode()).as(method + " " + route[0]).isEqualTo(405);
                assertThat(r.headers().firstValue("Allow")).as(method + " " + route[0]).hasValue(route[1]);
                assertThat(error(r.body()).getString("code")).isEqualTo("method_not_allowed");
            }
            HttpResponse<String> options = proxy.send("OPTIONS", route[0], null);
            assertThat(options.statusCode()).isEqualTo(204);
            assertThat(options.headers().firstValue("Allow")).hasValue(route[1]);
        }
        // TRACE is refused by the container itself and never echoes the request
        RawExchange trace = RawExchange.send("TRACE /v1/models HTTP/1.1\r\nHost: localhost\r\nX-Secret: echo-me\r\n"
                + "Connection: close\r\n\r\n");
        assertThat(trace.status()).isIn(403, 405);
        assertThat(trace.body()).doesNotContain("echo-me");
    }

    @Test
    void aRequestTargetTheContainerRefusesIsAnsweredInTheErrorShape() throws Exception {
        for (String target : List.of("/v1/scopes/%2e%2e/chat/completions", "/v1/scopes/a%2fb/chat/completions",
                "/admin/api/%2e%2e/config", "/admin/api/a%2fb")) {
            RawExchange r = RawExchange.send("GET " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
            assertThat(r.status()).as(target).isEqualTo(400);
            assertThat(error(r.body()).getString("type")).as(target).isEqualTo("invalid_request_error");
        }
        RawExchange unknown = RawExchange.send("GET /nothing/here HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(error(unknown.body()).getString("code")).isEqualTo("not_found");
    }

    @Test
    void aPathParameterNeverChangesWhatAnotherPathIsAnsweredWith() throws Exception {
        // Liberty's mapping cache is keyed by a path up to its first ';': "/A;x/../B" cached B's servlet under "/A",
        // so /A was then answered by B (the status document for a model that does not exist; a 500 when B's path is
        // longer, as GET /admin once was). A path no other test asks for, so that nothing cached it before.
        String model = "/v1/models/never-asked-" + System.nanoTime();
        RawExchange.send("GET " + model + ";x/../../status HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

        RawExchange answer = RawExchange.send("GET " + model + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

        assertThat(answer.status()).as(answer.body()).isEqualTo(404);
        assertThat(error(answer.body()).getString("code")).isEqualTo("not_found");
    }

    @Test
    void guessingPasswordsLocksOutTheAddressAndThenTheUserUntilAnAdminLiftsIt() throws Exception {
        String guesser = "198.51.100.1";
        for (int i = 0; i < 3; i++) {
            assertThat(api(basic(USER, "wrong-" + i), guesser).statusCode()).isEqualTo(401);
        }
        HttpResponse<String> locked = api(basic(USER, PASSWORD), guesser);
        assertThat(locked.statusCode()).as("the right password, from the locked-out address").isEqualTo(429);
        assertThat(Long.parseLong(locked.headers().firstValue("Retry-After").orElseThrow())).isBetween(1L, 600L);
        assertThat(error(locked.body()).getString("type")).isEqualTo("rate_limit_error");
        // another address is not locked out, and the right password clears the user's own count
        assertThat(api(basic(USER, PASSWORD), "198.51.100.2").statusCode()).isEqualTo(200);

        // guessing from many addresses locks the user name out everywhere, the console's form included
        for (int i = 0; i < 5; i++) {
            assertThat(api(basic(USER, "wrong-" + i), "198.51.100." + (10 + i)).statusCode()).isEqualTo(401);
        }
        assertThat(api(basic(USER, PASSWORD), "198.51.100.20").statusCode()).isEqualTo(429);
        ConsoleLogin form = ConsoleLogin.open(proxy, "198.51.100.21");
        HttpResponse<String> signIn = form.signIn(USER, PASSWORD);
        assertThat(signIn.statusCode()).isEqualTo(429);
        assertThat(signIn.body()).contains("Too many failed sign-ins");
        // other users sign in as before
        assertThat(api(ProxyClient.adminAuth(), "198.51.100.20").statusCode()).isEqualTo(200);

        // the lock-out is audited, and an admin lifts it
        ConsoleLogin console = ConsoleLogin.open(proxy, "198.51.100.30");
        assertThat(console.signIn("admin", System.getProperty("it.admin.password", "it-admin-secret")).statusCode())
                .isEqualTo(302);
        assertThat(console.get("/admin/audit").body()).contains("sign-in locked out");
        assertThat(proxy.get("/metrics").body()).containsPattern("proxy_sign_in_lockouts_total [1-9]")
                .containsPattern("proxy_sign_in_failures_total [1-9]").contains("proxy_request_log_withheld_total");
        HttpResponse<String> lifted = proxy.send("DELETE", "/admin/api/sign-in-locks", null,
                "Authorization", ProxyClient.adminAuth());
        assertThat(lifted.statusCode()).isEqualTo(200);
        assertThat(json(lifted.body()).getInt("cleared")).isGreaterThanOrEqualTo(2);
        assertThat(api(basic(USER, PASSWORD), guesser).statusCode()).isEqualTo(200);
    }

    @Test
    void theConsoleCookieIsSecureOverHttpsAndAlwaysHttpOnlyAndStrict() throws Exception {
        String plain = ConsoleLogin.open(proxy, "198.51.100.40").setCookie();
        assertThat(plain).contains("HttpOnly", "SameSite=Strict").doesNotContain("Secure");
        ConsoleLogin tls = ConsoleLogin.overHttps("198.51.100.41");
        assertThat(tls.setCookie()).contains("HttpOnly", "SameSite=Strict", "Secure");
        HttpResponse<String> signedIn = tls.signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
        assertThat(signedIn.statusCode()).isEqualTo(302);
        assertThat(signedIn.headers().firstValue("Set-Cookie").orElseThrow()).contains("Secure")
                .doesNotContain(tls.setCookie().split(";")[0]); // a new session at sign-in
        assertThat(tls.get("/admin/dashboard").statusCode()).isEqualTo(200);
    }

    @Test
    void aCsvCellThatWouldStartAFormulaAfterBlanksIsDefused() throws Exception {
        HttpResponse<String> r = proxy.post("/v1/chat/completions",
                "{\"model\":\" \\n=HYPERLINK(1)\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertThat(r.statusCode()).isLessThan(500);
        String id = r.headers().firstValue("X-Request-Id").orElseThrow();
        ConsoleLogin console = ConsoleLogin.open(proxy, "198.51.100.50");
        console.signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
        await().untilAsserted(() -> assertThat(console.get("/admin/requests.csv?requestId=" + id).body()).contains(id));
        String csv = console.get("/admin/requests.csv?requestId=" + id).body();
        assertThat(csv).contains(",\"' \n=HYPERLINK(1)\",").doesNotContain(",\" \n=HYPERLINK");
    }

    @Test
    void withASyncRequestLogEveryAnsweredRequestIsOnRecordBeforeItsAnswer() {
        proxy.importConfig(config("\"requestLogDurability\":\"sync\""));
        try {
            for (int i = 0; i < 20; i++) {
                HttpResponse<String> r = proxy.chat("h-tier");
                assertThat(r.statusCode()).isEqualTo(200);
                String id = r.headers().firstValue("X-Request-Id").orElseThrow();
                // no waiting: the row committed before the answer left
                assertThat(proxy.adminGet("/admin/api/requests?limit=5").body()).as("request %d", i).contains(id);
            }
        } finally {
            configure();
        }
    }

    private HttpResponse<String> api(String authorization, String client) {
        return proxy.send("GET", "/admin/api/config", null, "Authorization", authorization, "X-Forwarded-For", client);
    }

    @Test
    void aNulInASignInNameIsAWrongPasswordAndLeavesTheSharedCountersShared() {
        double fallbacks = fallbacks();
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> r = proxy.send("GET", "/admin/api/config", null, "Authorization",
                    basic("nul\u0000name", "wrong"), "X-Forwarded-For", "198.51.100.77");
            assertThat(r.statusCode()).as(r.body()).isIn(401, 429);
        }
        assertThat(fallbacks()).isEqualTo(fallbacks);
    }

    /** How often the shared counters' store was given up for per-instance counting since start. */
    private double fallbacks() {
        return proxy.get("/metrics").body().lines().filter(l -> l.startsWith("proxy_shared_store_fallbacks_total"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    @Test
    void aForwardedHeaderAClientSendsThroughABalancerThatWritesXForwardedForChangesNothing() {
        String chat = "{\"model\":\"h-tier\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
        List<String> hashes = new java.util.ArrayList<>();
        for (String[] headers : List.of(new String[] {"Forwarded", "for=203.0.113.1", "X-Forwarded-For", "198.51.100.90"},
                new String[] {"Forwarded", "for=203.0.113.2", "X-Forwarded-For", "198.51.100.90"},
                new String[] {"X-Forwarded-For", "198.51.100.91"})) {
            HttpResponse<String> r = proxy.send("POST", "/v1/chat/completions", chat, headers);
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            hashes.add(proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(),
                    java.time.Duration.ofSeconds(20)).getJsonObject("caller").getString("clientHash"));
        }
        assertThat(hashes.get(1)).isEqualTo(hashes.get(0));
        assertThat(hashes.get(2)).isNotEqualTo(hashes.get(0));
    }
}
