package dev.llmproxy.it;

import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import dev.llmproxy.testing.OpenAiBodies;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static dev.llmproxy.testing.OpenAiBodies.partialEvents;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An OpenRouter provider as OpenRouter really behaves: in-band errors after a 200, keep-alive comments, its free
 * router as a tier's last resort (the model that really answered is recorded), and its attribution headers.
 */
class OpenRouterIT extends DeployedProxy {

    private static final String PICK = "upstage/solar-pro-3:free";
    private static final String IN_BAND_429 = "{\"id\":\"gen-abc123\",\"object\":\"chat.completion.chunk\",\"created\":1,"
            + "\"model\":\"or-inband\",\"provider\":\"OpenAI\",\"error\":{\"code\":429,\"message\":\"Rate limit exceeded\","
            + "\"metadata\":{\"error_type\":\"rate_limit_exceeded\"}},\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\"},"
            + "\"finish_reason\":\"error\"}]}";
    private static FaultUpstream fault;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("or-down", FaultUpstream.status(503, "{\"error\":{\"code\":503,\"message\":\"No provider available\","
                + "\"metadata\":{\"error_type\":\"provider_overloaded\"}}}"));
        fault.on("openrouter/free", FaultUpstream.status(200, OpenAiBodies.completion(PICK, "picked for you", "stop")));
        fault.on("or-inband", fault.stream(0, 5, Ending.DONE, IN_BAND_429));
        fault.on("or-ok", fault.stream(0, 5, Ending.DONE, answerEvents("or-ok", "Hello", " there")));
        fault.on("or-plain", FaultUpstream.ok());
        List<String> waiting = new ArrayList<>(Collections.nCopies(30, ": OPENROUTER PROCESSING"));
        fault.on("or-thinking", fault.stream(0, 50, Ending.STALL, waiting.toArray(String[]::new)));
        String[] midError = partialEvents("or-mid", "Half", " an answer");
        String[] withError = java.util.Arrays.copyOf(midError, midError.length + 1);
        withError[midError.length] = IN_BAND_429.replace("or-inband", "or-mid");
        fault.on("or-mid", fault.stream(0, 5, Ending.DONE, withError));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl())
                .openRouterModel("or-down", "or-down", false)
                .openRouterModel("or-free-router", "openrouter/free", false)
                .openRouterModel("or-inband", "or-inband", false)
                .openRouterModel("or-ok", "or-ok", false)
                .openRouterModel("or-plain", "or-plain", false)
                .openRouterModel("or-thinking", "or-thinking", false)
                .openRouterModel("or-mid", "or-mid", false)
                .tier("or-last-resort", "or-down", "or-free-router")
                .tier("or-inband-first", "or-inband", "or-ok")
                .tier("or-keepalive", "or-thinking", "or-ok")
                .tier("or-broken", "or-mid")
                .setting("firstTokenTimeoutMs", 500).setting("streamIdleTimeoutMs", 2000)
                .setting("openRouterReferer", "\"https://chat.example.org\"")
                .setting("openRouterTitle", "\"Example Chat\"")
                .build());
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    private static String stream(String tier) {
        return "{\"model\":\"" + tier + "\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    }

    @Test
    void theFreeRouterAnswersAsLastResortAndItsPickIsRecorded() {
        HttpResponse<String> r = proxy.chat("or-last-resort");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("or-free-router");
        assertThat(r.body()).contains("\"model\":\"" + PICK + "\"");
        JsonObject row = proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(), Duration.ofSeconds(20));
        assertThat(row.getString("answeringModel")).isEqualTo("or-free-router");
        assertThat(row.getString("answeredAs")).isEqualTo(PICK);
        assertThat(row.getJsonArray("attempts").getJsonObject(0).getInt("status")).isEqualTo(503);
        // attribution, from the settings
        assertThat(fault.lastHeaders("openrouter/free")).containsEntry("http-referer", "https://chat.example.org")
                .containsEntry("x-openrouter-title", "Example Chat");
    }

    @Test
    void anErrorInsideA200StreamBeforeAnyContentMovesOnAndIsNeverContent() {
        HttpResponse<String> r = proxy.post("/v1/chat/completions", stream("or-inband-first"));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("Hello").contains(" there").endsWith("data: [DONE]\n\n")
                .doesNotContain("Rate limit exceeded");
        JsonArray attempts = proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(20)).getJsonArray("attempts");
        assertThat(attempts.getJsonObject(0).getString("outcome")).isEqualTo("RATE_LIMITED");
    }

    @Test
    void keepAliveCommentsAreNotAFirstToken() {
        HttpResponse<String> r = proxy.post("/v1/chat/completions", stream("or-keepalive"));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("Hello").doesNotContain("OPENROUTER");
        JsonArray attempts = proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(20)).getJsonArray("attempts");
        assertThat(attempts.getJsonObject(0).getString("outcome")).isEqualTo("TIMEOUT");
        assertThat(attempts.getJsonObject(0).getString("reason")).contains("first token");
    }

    @Test
    void anErrorChunkAfterContentBreaksTheStreamHonestly() throws Exception {
        Streamed s = Streamed.call(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), "or-broken", false);
        assertThat(s.text()).isEqualTo("Half an answer");
        assertThat(s.events()).containsExactly("error");
        assertThat(s.done()).isFalse();
    }

    @Test
    void aCallerCannotChooseAnotherModelOrPriceThroughTheProvidersOwnFields() {
        String hi = "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]";
        int calls = fault.calls("or-plain");
        for (String field : List.of("\"models\":[\"openai/gpt-5\"]", "\"route\":\"fallback\"",
                "\"provider\":{\"order\":[\"OpenAI\"]}", "\"plugins\":[{\"id\":\"web\"}]", "\"n\":5",
                "\"service_tier\":\"priority\"", "\"store\":true", "\"data_sources\":[]")) {
            HttpResponse<String> r = proxy.post("/v1/chat/completions", "{\"model\":\"or-plain\"," + field + "," + hi + "}");
            assertThat(r.statusCode()).as(field).isEqualTo(400);
            assertThat(r.body()).as(field).contains("\"param\":\"" + field.substring(1, field.indexOf('"', 1)) + "\"");
        }
        assertThat(fault.calls("or-plain")).isEqualTo(calls);
        HttpResponse<String> ok = proxy.post("/v1/chat/completions", "{\"model\":\"or-plain\",\"n\":1,"
                + "\"service_tier\":\"auto\",\"store\":false,\"temperature\":0," + hi + "}");
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
        assertThat(fault.lastBody("or-plain")).contains("\"temperature\":0").doesNotContain("\"models\"")
                .doesNotContain("\"provider\"").doesNotContain("\"route\"");
    }

    @Test
    void aModelNameNoDatabaseCanKeepIsLoggedStorablyAndTheLogGoesOn() {
        String hi = "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]";
        HttpResponse<String> refused = proxy.post("/v1/chat/completions", "{\"model\":\"a\\u0000b\\ud800\"," + hi + "}");
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
        JsonObject row = proxy.awaitLoggedRow(refused.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(20));
        assertThat(row.getString("requestedModel")).isEqualTo("a\uFFFDb\uFFFD");
        HttpResponse<String> after = proxy.post("/v1/chat/completions", "{\"model\":\"or-plain\"," + hi + "}");
        assertThat(after.statusCode()).isEqualTo(200);
        proxy.awaitLoggedRow(after.headers().firstValue("X-Request-Id").orElseThrow(), Duration.ofSeconds(20));
    }
}
