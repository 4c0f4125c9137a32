package dev.llmproxy.it;

import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.OpenAiBodies;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.llmproxy.testing.FaultUpstream.ok;
import static dev.llmproxy.testing.FaultUpstream.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The proxy's contract around the chain: cost safety, errors, the request log and the admin API. */
class ProxyApiIT extends DeployedProxy {

    private static FaultUpstream fault;
    private static String config;


    @BeforeAll
    static void startUpstream() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("primary", status(503));
        fault.on("backup", ok());
        fault.on("off", ok());
        fault.on("q1", status(429, Map.of("Retry-After", "40"), "{}"));
        fault.on("q2", status(429, Map.of("Retry-After", "20"), "{}"));
        fault.on("slow1", fault.delayed(1200, ok()));
        fault.on("slow2", fault.delayed(1200, ok()));
        fault.on("slow3", fault.delayed(5000, ok()));
        fault.on("huge", status(200, OpenAiBodies.completion("huge", "y".repeat(3_000_000), "stop")));
        config = new ConfigBuilder(fault.baseUrl()).withoutBreakers()
                .setting("attemptTimeoutMs", 3000).setting("chainBudgetMs", 8000).setting("maxSameModelRetries", 1)
                .setting("backoffInitialMs", 10).setting("backoffMaxMs", 20).setting("maxBodyBytes", 4096).setting("bodyTimeoutMs", 1500)
                .setting("waitForRetryAfterOnLastModel", false)
                .model("off", false)
                .tier("main", "primary", "backup")
                .tier("quota", "q1", "q2")
                .tier("budget", "slow1", "slow2")
                .tier("budget-spent", "slow1", "slow2", "slow3")
                .tier("huge-answers", "huge")
                .build();
        new ProxyClient().importConfig(config);
    }

    @AfterAll
    static void stopUpstream() throws Exception {
        fault.close();
    }

    private static JsonObject json(String body) {
        return Json.createReader(new StringReader(body)).readObject();
    }

    private static JsonObject error(HttpResponse<String> r) {
        return json(r.body()).getJsonObject("error");
    }

    @Test
    void fallbackNamesTheAnsweringModelInHeadersAndBody() {
        HttpResponse<String> r = proxy.chat("main");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("backup");
        assertThat(r.headers().firstValue("X-Proxy-Fallback")).hasValue("true");
        assertThat(r.headers().firstValue("X-Proxy-Attempts")).hasValue("3");
        assertThat(json(r.body()).getString("model")).isEqualTo("backup");
    }

    @Test
    void requestLogHoldsTheRowAndEveryAttempt() {
        HttpResponse<String> r = proxy.chat("main");
        String id = r.headers().firstValue("X-Request-Id").orElseThrow();
        JsonObject row = proxy.awaitLoggedRow(id, Duration.ofSeconds(10));
        assertThat(row.getString("tier")).isEqualTo("main");
        assertThat(row.getString("requestedModel")).isEqualTo("main");
        assertThat(row.getString("answeringModel")).isEqualTo("backup");
        assertThat(row.getBoolean("fallback")).isTrue();
        assertThat(row.getInt("status")).isEqualTo(200);
        assertThat(row.getInt("totalTokens")).isEqualTo(18);
        JsonArray attempts = row.getJsonArray("attempts");
        assertThat(attempts).hasSize(3);
        assertThat(attempts.getJsonObject(0).getString("model")).isEqualTo("primary");
        assertThat(attempts.getJsonObject(0).getString("outcome")).isEqualTo("SERVER_ERROR");
        assertThat(attempts.getJsonObject(0).getInt("status")).isEqualTo(503);
        assertThat(attempts.getJsonObject(2).getString("outcome")).isEqualTo("SUCCESS");
    }

    /** The newest rows of the request log. */
    private Stream<JsonObject> loggedRows(int limit) {
        return json(proxy.adminGet("/admin/api/requests?limit=" + limit).body()).getJsonArray("data").stream()
                .map(JsonObject.class::cast);
    }

    /**
     * Clients that ask for a large answer and never read it (a receive buffer of 1 KB, nothing read): each holds its
     * answer in the container, but none may hold a thread the proxy needs to answer anyone else.
     */
    @Test
    void clientsThatDoNotReadTheirAnswersHoldUpNobodyElse() throws Exception {
        // more than the proxy's workers, and than Liberty's default pool (two threads per core), whose output blocks the
        // thread that writes to a client that does not read: server.xml's floor of threads is what keeps this green
        int stalled = Math.max(4, Runtime.getRuntime().availableProcessors() * 2) + 2;
        int callsBefore = fault.calls("huge");
        URI base = URI.create(ProxyClient.BASE);
        String body = ProxyClient.chatBody("huge-answers");
        List<Socket> readers = new ArrayList<>();
        try {
            for (int i = 0; i < stalled; i++) {
                Socket socket = new Socket();
                socket.setReceiveBufferSize(1024);
                socket.connect(new InetSocketAddress(base.getHost(), base.getPort()));
                socket.getOutputStream().write(ProxyClient.rawChatPost(body.length(), body));
                readers.add(socket);
            }
            await().atMost(Duration.ofSeconds(20)).until(() -> fault.calls("huge") >= callsBefore + stalled);
            // Their answers are done and on their way (logged as answered) before anyone else asks.
            await().atMost(Duration.ofSeconds(20)).until(() -> logged("huge-answers") >= stalled);
            HttpResponse<String> meanwhile = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create(ProxyClient.BASE + "/v1/chat/completions"))
                    .header("Content-Type", "application/json").timeout(Duration.ofSeconds(15))
                    .POST(HttpRequest.BodyPublishers.ofString(ProxyClient.chatBody("main"))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(meanwhile.statusCode()).isEqualTo(200);
        } finally {
            for (Socket socket : readers) {
                socket.close();
            }
        }
    }

    private long logged(String tier) {
        return loggedRows(200).filter(o -> tier.equals(o.getString("tier", null))).count();
    }

    @Test
    void requestLogPagesWithAKeysetCursor() {
        for (int i = 0; i < 3; i++) {
            proxy.chat("main");
        }
        await().atMost(Duration.ofSeconds(10)).until(() ->
                json(proxy.adminGet("/admin/api/requests?limit=3").body()).getJsonArray("data").size() == 3);
        JsonObject first = json(proxy.adminGet("/admin/api/requests?limit=2").body());
        String cursor = first.getString("nextCursor");
        JsonObject second = json(proxy.adminGet("/admin/api/requests?limit=2&before=" + cursor).body());
        String lastOfFirst = first.getJsonArray("data").getJsonObject(1).getString("requestId");
        String firstOfSecond = second.getJsonArray("data").getJsonObject(0).getString("requestId");
        assertThat(firstOfSecond).isNotEqualTo(lastOfFirst);
        assertThat(second.getJsonArray("data").getJsonObject(0).getString("receivedAt"))
                .isLessThanOrEqualTo(first.getJsonArray("data").getJsonObject(1).getString("receivedAt"));
        assertThat(proxy.adminGet("/admin/api/requests?before=garbage!").statusCode()).isEqualTo(400);
    }

    @Test
    void modelOffTheAllowlistIsRefusedWithoutCallingAnyProvider() {
        HttpResponse<String> r = proxy.chat("gpt-4o");
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(error(r).getString("code")).isEqualTo("cost_safety");
        assertThat(fault.calls("gpt-4o")).isZero();
    }

    @Test
    void disabledModelIsRefusedWithoutCallingIt() {
        HttpResponse<String> r = proxy.chat("off");
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(error(r).getString("code")).isEqualTo("cost_safety");
        assertThat(fault.calls("off")).isZero();
    }

    @Test
    void everyModelRateLimitedAnswers429WithRetryAfter() {
        HttpResponse<String> r = proxy.chat("quota");
        assertThat(r.statusCode()).isEqualTo(429);
        assertThat(r.headers().firstValue("Retry-After")).hasValueSatisfying(v -> assertThat(Integer.parseInt(v)).isBetween(19, 20));
        assertThat(r.headers().firstValue("X-Proxy-Saw-429")).hasValue("true");
        assertThat(error(r).getString("code")).isEqualTo("upstream_rate_limited");
    }

    @Test
    void spentChainBudgetAnswers504() {
        fault.on("slow1", fault.delayed(5000, ok()));
        fault.on("slow2", fault.delayed(5000, ok()));
        HttpResponse<String> r = proxy.chat("budget-spent");
        assertThat(r.statusCode()).isEqualTo(504);
        assertThat(error(r).getString("code")).isEqualTo("timeout");
        // slow1 and slow2 timed out after 3 s each; the budget of 8 s left slow3 less than its attempt timeout.
        String id = r.headers().firstValue("X-Request-Id").orElseThrow();
        JsonObject row = proxy.awaitLoggedRow(id, Duration.ofSeconds(10));
        JsonArray attempts = row.getJsonArray("attempts");
        JsonObject last = attempts.getJsonObject(attempts.size() - 1);
        assertThat(last.getString("model")).isEqualTo("slow3");
        assertThat(last.getString("outcome")).isEqualTo("TIMEOUT");
        assertThat(last.getJsonNumber("latencyMs").longValue()).isLessThan(3000L);
    }

    @Test
    void malformedJsonIsA400NamingTheProblem() {
        HttpResponse<String> r = proxy.post("/v1/chat/completions", "{\"model\": \"main\", ");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(error(r).getString("message")).contains("not valid JSON");
        assertThat(error(r).getString("type")).isEqualTo("invalid_request_error");
    }

    @Test
    void missingFieldsAreNamed() {
        HttpResponse<String> noMessages = proxy.post("/v1/chat/completions", "{\"model\":\"main\"}");
        assertThat(noMessages.statusCode()).isEqualTo(400);
        assertThat(error(noMessages).getString("param")).isEqualTo("messages");
        HttpResponse<String> noModel = proxy.post("/v1/chat/completions", "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}");
        assertThat(error(noModel).getString("param")).isEqualTo("model");
        HttpResponse<String> badRole = proxy.post("/v1/chat/completions",
                "{\"model\":\"main\",\"messages\":[{\"role\":\"wizard\",\"content\":\"x\"}]}");
        assertThat(error(badRole).getString("param")).isEqualTo("messages[0].role");
    }

    @Test
    void bodyOverTheCapIs413() {
        String big = "x".repeat(5000);
        HttpResponse<String> r = proxy.post("/v1/chat/completions",
                "{\"model\":\"main\",\"messages\":[{\"role\":\"user\",\"content\":\"" + big + "\"}]}");
        assertThat(r.statusCode()).isEqualTo(413);
        assertThat(error(r).getString("code")).isEqualTo("payload_too_large");
    }

    @Test
    void aChunkedBodyIsCutOffOnceItPassesTheCap() throws Exception {
        byte[] big = ("{\"model\":\"main\",\"messages\":[{\"role\":\"user\",\"content\":\"" + "x".repeat(20_000)
                + "\"}]}").getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(ProxyClient.BASE + "/v1/chat/completions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(413);
        assertThat(error(r).getString("code")).isEqualTo("payload_too_large");
    }

    @Test
    void aBodyThatStopsArrivingIsAnsweredWith408AfterBodyTimeoutAndLogged() throws Exception {
        URI base = URI.create(ProxyClient.BASE);
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(15_000);
            socket.getOutputStream().write(ProxyClient.rawChatPost(100, "{\"model\":"));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(answer).startsWith("HTTP/1.1 408").contains("\"code\":\"request_timeout\"")
                    .contains("did not arrive within 1500 ms");
            String requestId = answer.lines().filter(l -> l.toLowerCase().startsWith("x-request-id:"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElseThrow();
            JsonObject row = proxy.awaitLoggedRow(requestId, Duration.ofSeconds(10));
            assertThat(row.getInt("status")).isEqualTo(408);
        }
    }

    @Test
    void wrongMethodAndUnknownPathAnswerOpenAiShapedErrors() {
        assertThat(proxy.get("/v1/chat/completions").statusCode()).isEqualTo(405);
        HttpResponse<String> missing = proxy.get("/v1/nothing-here");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(error(missing).getString("code")).isEqualTo("not_found");
        assertThat(missing.headers().firstValue("X-Request-Id")).as("no log row, so no id").isEmpty();
    }

    @Test
    void adminApiRefusalsAreOpenAiShapedErrorsToo() {
        String auth = ProxyClient.adminAuth();
        HttpResponse<String> method = proxy.send("DELETE", "/admin/api/config", null, "Authorization", auth);
        assertThat(method.statusCode()).isEqualTo(405);
        assertThat(error(method).getString("code")).isEqualTo("method_not_allowed");
        assertThat(error(method).getString("message")).contains("GET").contains("PUT");
        assertThat(method.headers().firstValue("Allow").orElse("")).contains("PUT");

        HttpResponse<String> route = proxy.adminGet("/admin/api/nothing-here");
        assertThat(route.statusCode()).isEqualTo(404);
        assertThat(error(route).getString("code")).isEqualTo("not_found");

        HttpResponse<String> type = proxy.send("PUT", "/admin/api/config", null, "Authorization", auth,
                "Content-Type", "text/plain");
        assertThat(type.statusCode()).isEqualTo(415);
        assertThat(error(type).getString("message")).isEqualTo("Content-Type must be application/json.");
        assertThat(json(proxy.adminGet("/admin/api/config").body()).getJsonArray("tiers")).isNotEmpty();
    }

    @Test
    void modelsListsTiersAndEnabledModelsOnly() {
        JsonArray data = json(proxy.get("/v1/models").body()).getJsonArray("data");
        assertThat(data.stream().map(v -> ((JsonObject) v).getString("id")))
                .contains("main", "quota", "primary", "backup").doesNotContain("off");
    }

    @Test
    void badConfigIsRejectedWithEveryProblemAndTheOldConfigStays() {
        String bad = config.replace("\"chain\":[\"primary\",\"backup\"]", "\"chain\":[\"primary\",\"nope\"]")
                .replace("\"attemptTimeoutMs\":3000", "\"attemptTimeoutMs\":-5")
                .replace("{\"providers\"", "{\"colour\":\"blue\",\"providers\"");
        HttpResponse<String> r = proxy.adminPut("/admin/api/config", bad);
        assertThat(r.statusCode()).isEqualTo(400);
        JsonArray details = error(r).getJsonArray("details");
        assertThat(details.toString()).contains("tiers[0].chain[1]", "settings.attemptTimeoutMs", "colour");
        JsonObject current = json(proxy.adminGet("/admin/api/config").body());
        assertThat(current.getJsonArray("tiers").getJsonObject(0).getJsonArray("chain").getString(1)).isEqualTo("backup");
        assertThat(current.getJsonObject("settings").getInt("attemptTimeoutMs")).isEqualTo(3000);
        assertThat(proxy.chat("main").statusCode()).isEqualTo(200);
    }

    @Test
    void exportedConfigImportsBackUnchanged() {
        String exported = proxy.adminGet("/admin/api/config").body();
        JsonObject before = json(exported);
        proxy.importConfig(exported);
        JsonObject after = json(proxy.adminGet("/admin/api/config").body());
        assertThat(after.getInt("version")).isEqualTo(before.getInt("version") + 1);
        assertThat(after.getJsonArray("models")).isEqualTo(before.getJsonArray("models"));
        assertThat(after.getJsonArray("tiers")).isEqualTo(before.getJsonArray("tiers"));
        assertThat(after.getJsonObject("settings")).isEqualTo(before.getJsonObject("settings"));
    }

    @Test
    void adminApiNeedsTheAdminsCredentials() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> anonymous = http.send(HttpRequest.newBuilder(URI.create(ProxyClient.BASE + "/admin/api/config")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(anonymous.statusCode()).isEqualTo(401);
        HttpResponse<String> wrong = http.send(HttpRequest.newBuilder(URI.create(ProxyClient.BASE + "/admin/api/config"))
                .header("Authorization", "Basic YWRtaW46d3Jvbmc=").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(wrong.statusCode()).isEqualTo(401);
    }
}
