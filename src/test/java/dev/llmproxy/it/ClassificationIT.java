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

import static dev.llmproxy.testing.FaultUpstream.cutBody;
import static dev.llmproxy.testing.FaultUpstream.malformed;
import static dev.llmproxy.testing.FaultUpstream.ok;
import static dev.llmproxy.testing.FaultUpstream.reset;
import static dev.llmproxy.testing.FaultUpstream.status;
import static org.assertj.core.api.Assertions.assertThat;

/** One test per row of the outcome table (docs/routing.md), against the deployed WAR and a raw-socket fault upstream. */
class ClassificationIT extends DeployedProxy {

    private static FaultUpstream fault;


    @BeforeAll
    static void startUpstream() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("ok", ok());
        fault.on("s503", status(503));
        fault.on("reset", reset());
        fault.on("hang", fault.hang());
        fault.on("ctx", status(400, "{\"error\":{\"code\":\"context_length_exceeded\",\"message\":\"too long\"}}"));
        fault.on("refuse", status(400, "{\"error\":{\"code\":\"content_policy_violation\",\"message\":\"secret provider detail\"}}"));
        fault.on("s400", status(400));
        fault.on("s404", status(404));
        fault.on("s422", status(422));
        fault.on("s401", status(401));
        fault.on("s403", status(403));
        fault.on("r429", status(429, Map.of("Retry-After", "30"), "{\"error\":{\"message\":\"quota\"}}"));
        fault.on("trunc", ok("length"));
        fault.on("cut", cutBody());
        fault.on("malformed", malformed());
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl()).withoutBreakers()
                .setting("attemptTimeoutMs", 1500).setting("chainBudgetMs", 8000).setting("maxSameModelRetries", 2)
                .setting("backoffInitialMs", 20).setting("backoffMaxMs", 50)
                .tier("t-ok", "ok")
                .tier("t-429", "r429", "ok")
                .tier("t-503", "s503", "ok")
                .tier("t-reset", "reset", "ok")
                .tier("t-hang", "hang", "ok")
                .tier("t-ctx", "ctx", "ok")
                .tier("t-refuse", "refuse", "ok")
                .tier("t-400", "s400", "s404", "s422", "ok")
                .tier("t-auth", "s401", "s403", "ok")
                .tier("t-trunc", "trunc", "ok")
                .tier("t-cut", "cut", "malformed", "ok")
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
    void serverErrorIsRetriedOnTheSameModelThenFallsBack() {
        assertAnsweredBy(proxy.chat("t-503"), "ok", true, 4);
        assertThat(fault.calls("s503")).isEqualTo(3);
    }

    @Test
    void connectionResetBeforeHeadersIsRetriedThenFallsBack() {
        assertAnsweredBy(proxy.chat("t-reset"), "ok", true, 4);
        // three attempts; an attempt that went out on a pooled connection is also sent once more on a new one, since
        // a reset before any answer on a reused connection is how a stale keep-alive connection fails (not an attempt)
        assertThat(fault.calls("reset")).isBetween(3, 6);
    }

    @Test
    void attemptTimeoutMovesOnWithoutRetry() {
        long start = System.nanoTime();
        assertAnsweredBy(proxy.chat("t-hang"), "ok", true, 2);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertThat(ms).isBetween(1400L, 6000L);
        assertThat(fault.calls("hang")).isEqualTo(1);
    }

    @Test
    void contextLengthExceededMovesOn() {
        assertAnsweredBy(proxy.chat("t-ctx"), "ok", true, 2);
        assertThat(fault.calls("ctx")).isEqualTo(1);
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
    void otherClientErrorsAndRetiredModelsMoveOn() {
        assertAnsweredBy(proxy.chat("t-400"), "ok", true, 4);
        assertThat(fault.calls("s400") + fault.calls("s404") + fault.calls("s422")).isEqualTo(3);
    }

    @Test
    void providerAuthFailuresMoveOn() {
        assertAnsweredBy(proxy.chat("t-auth"), "ok", true, 3);
    }

    @Test
    void truncatedAnswerIsReturnedAndMarked() {
        HttpResponse<String> r = proxy.chat("t-trunc");
        assertAnsweredBy(r, "trunc", false, 1);
        assertThat(r.headers().firstValue("X-Proxy-Truncated")).hasValue("true");
    }

    @Test
    void bodyCutShortOrUnparsableIsAFailedAttemptNeverA200WithPartialContent() {
        HttpResponse<String> r = proxy.chat("t-cut");
        assertAnsweredBy(r, "ok", true, 7);
        assertThat(fault.calls("cut")).isEqualTo(3);
        assertThat(fault.calls("malformed")).isEqualTo(3);
    }
}
