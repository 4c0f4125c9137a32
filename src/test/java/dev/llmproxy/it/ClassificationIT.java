package dev.llmproxy.it;

import dev.llmproxy.testing.FaultUpstream;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.net.http.HttpResponse;
import java.util.Map;

import static dev.llmproxy.testing.FaultUpstream.ok;
import static dev.llmproxy.testing.FaultUpstream.status;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outcome table's rows as the caller sees them from the deployed WAR (the answer's headers, the sanitised refusal,
 * the provider's key on the wire), against a raw-socket fault upstream. Every row's routing is checked in process, over
 * the same upstream client, by OutcomesOverTheWireTest.
 */
class ClassificationIT extends DeployedProxy {

    private static FaultUpstream fault;


    @BeforeAll
    static void startUpstream() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("ok", ok());
        fault.on("refuse", status(400, "{\"error\":{\"code\":\"content_policy_violation\",\"message\":\"secret provider detail\"}}"));
        fault.on("r429", status(429, Map.of("Retry-After", "30"), "{\"error\":{\"message\":\"quota\"}}"));
        fault.on("trunc", ok("length"));
        fault.on("long8k", status(400, "{\"error\":{\"code\":\"context_length_exceeded\",\"message\":\"too long\"}}"));
        fault.on("also8k", ok());
        fault.on("big", ok());
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl()).withoutBreakers()
                .setting("attemptTimeoutMs", 1500).setting("chainBudgetMs", 8000).setting("maxSameModelRetries", 2)
                .setting("backoffInitialMs", 20).setting("backoffMaxMs", 50)
                .tier("t-ok", "ok")
                .tier("t-429", "r429", "ok")
                .tier("t-refuse", "refuse", "ok")
                .tier("t-trunc", "trunc", "ok")
                .windowModel("big", 200_000)
                .tier("t-long", "long8k", "also8k", "big")
                .tierWithRefusalsTo("t-refuse-elsewhere", java.util.List.of("refuse", "trunc"), "ok")
                .build());
    }

    @AfterAll
    static void stopUpstream() throws Exception {
        fault.close();
    }

    private static JsonObject json(HttpResponse<String> r) {
        return Json.createReader(new StringReader(r.body())).readObject();
    }

    private static void assertAnsweredBy(HttpResponse<String> r, String model, boolean fallback, int attempts) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue(model);
        assertThat(r.headers().firstValue("X-Proxy-Fallback")).hasValue(Boolean.toString(fallback));
        assertThat(r.headers().firstValue("X-Proxy-Attempts")).hasValue(Integer.toString(attempts));
        assertThat(r.headers().firstValue("X-Request-Id")).isPresent();
        assertThat(json(r).getString("model")).isEqualTo(model);
    }

    @Test
    void completeAnswerIsRelayed() {
        HttpResponse<String> r = proxy.chat("t-ok");
        assertAnsweredBy(r, "ok", false, 1);
        assertThat(r.headers().firstValue("X-Proxy-Saw-429")).hasValue("false");
        assertThat(json(r).getJsonArray("choices").getJsonObject(0).getJsonObject("message").getString("content"))
                .isEqualTo("answer from ok");
        assertThat(fault.authorizations("ok")).contains("Bearer it-upstream-key");
    }

    /** A tier that sends refusals elsewhere: the refusal goes to its model, past the rest of the chain. */
    @Test
    void aRefusalGoesToTheModelsTheTierSendsRefusalsTo() {
        HttpResponse<String> r = proxy.chat("t-refuse-elsewhere");
        assertAnsweredBy(r, "ok", true, 2);
        JsonObject row = proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(),
                java.time.Duration.ofSeconds(10));
        JsonObject refused = row.getJsonArray("attempts").getJsonObject(0);
        assertThat(refused.getString("outcome")).isEqualTo("CONTENT_REFUSED");
        assertThat(refused.getString("reason")).endsWith("the tier sends refusals to [ok]");
        assertThat(row.getJsonArray("attempts")).hasSize(2);
    }

    /** A prompt too long for an 8k window skips the chain's other 8k model and goes to the one that holds it. */
    @Test
    void aPromptTooLongMovesToAModelWhoseContextWindowHoldsIt() {
        HttpResponse<String> r = proxy.chat("t-long");
        assertAnsweredBy(r, "big", true, 2);
        assertThat(fault.calls("also8k")).isZero();
        JsonObject row = proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(),
                java.time.Duration.ofSeconds(10));
        assertThat(row.getJsonArray("attempts").getValuesAs(JsonObject.class).stream()
                .map(a -> a.getString("model") + " " + a.getString("outcome")))
                .containsExactly("long8k CONTEXT_LENGTH", "also8k SKIPPED_CONTEXT_WINDOW", "big SUCCESS");
    }

    @Test
    void rateLimitMovesOnAtOnceAndCoolsTheModelDown() {
        HttpResponse<String> first = proxy.chat("t-429");
        assertAnsweredBy(first, "ok", true, 2);
        assertThat(first.headers().firstValue("X-Proxy-Saw-429")).hasValue("true");
        HttpResponse<String> second = proxy.chat("t-429");
        assertAnsweredBy(second, "ok", true, 1);
        assertThat(fault.calls("r429")).isEqualTo(1);
    }

    @Test
    void contentRefusalStopsWithACleanSanitizedError() {
        int okBefore = fault.calls("ok");
        HttpResponse<String> r = proxy.chat("t-refuse");
        assertThat(r.statusCode()).isEqualTo(400);
        JsonObject error = json(r).getJsonObject("error");
        assertThat(error.getString("code")).isEqualTo("content_policy_violation");
        assertThat(r.body()).doesNotContain("secret provider detail");
        assertThat(fault.calls("ok")).isEqualTo(okBefore);
    }

    @Test
    void truncatedAnswerIsReturnedAndMarked() {
        HttpResponse<String> r = proxy.chat("t-trunc");
        assertAnsweredBy(r, "trunc", false, 1);
        assertThat(r.headers().firstValue("X-Proxy-Truncated")).hasValue("true");
    }

}
