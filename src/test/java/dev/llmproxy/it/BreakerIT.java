package dev.llmproxy.it;

import dev.llmproxy.testing.FaultUpstream;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.net.http.HttpResponse;
import java.time.Duration;

import static dev.llmproxy.testing.FaultUpstream.ok;
import static dev.llmproxy.testing.FaultUpstream.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Per-model circuit breakers, end to end: opening, skipping, probing, persistence, status and admin control. */
class BreakerIT extends DeployedProxy {

    private static FaultUpstream fault;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("b-primary", status(503), status(503), status(503), ok());
        fault.on("b-fallback", ok());
        fault.on("b-x", ok());
        fault.on("b-y", ok());
        fault.on("b-long", fault.delayed(2_000, ok()));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl())
                .setting("maxSameModelRetries", 0)
                .setting("breakerFailureThreshold", 3).setting("breakerWindowMs", 60_000)
                .setting("breakerConsecutiveFailures", 5).setting("breakerCooldownMs", 1500)
                .setting("breakerHalfOpenProbes", 1).setting("breakerSuccessThreshold", 1)
                .setting("attemptTimeoutMs", 700)
                .tier("b-tier", "b-primary", "b-fallback")
                .tier("b-all", "b-x", "b-y")
                .tier("b-long-answers", "b-long", "b-fallback")
                .provider("keyless", "openai", fault.baseUrl(), "IT_NO_SUCH_KEY")
                .paidModel("b-keyless", "keyless", "b-keyless", "gpt")
                .tier("b-keyless-first", "b-keyless", "b-fallback")
                .build());
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    private static JsonObject json(String body) {
        return Json.createReader(new StringReader(body)).readObject();
    }

    private JsonObject model(String path, String name) {
        JsonArray models = json(path.startsWith("/admin") ? proxy.adminGet(path).body() : proxy.get(path).body())
                .getJsonArray("models");
        return models.stream().map(JsonObject.class::cast).filter(m -> m.getString("name").equals(name)).findFirst()
                .orElseThrow();
    }

    @Test
    void aCredentialThatCannotBeHadIsTheOperatorsToFixNotTheModelsHealth() {
        for (int i = 0; i < 4; i++) {
            HttpResponse<String> r = proxy.chat("b-keyless-first");
            assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("b-fallback");
        }
        assertThat(fault.calls("b-keyless")).isZero();
        assertThat(model("/v1/status", "b-keyless").getString("state")).isEqualTo("closed");
    }

    @Test
    void plainCallsThatRunOutOfTimeDoNotOpenTheBreakerForEveryone() {
        // a caller can make answers long on purpose; a whole answer late says nothing of the model's health
        for (int i = 0; i < 4; i++) {
            HttpResponse<String> r = proxy.chat("b-long-answers");
            assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("b-fallback");
        }
        assertThat(fault.calls("b-long")).isEqualTo(4);
        assertThat(model("/v1/status", "b-long").getString("state")).isEqualTo("closed");
    }

    @Test
    void aFailingPrimaryOpensItsBreakerLaterRequestsGoStraightToTheFallbackAndAProbeClosesIt() {
        for (int i = 0; i < 3; i++) {
            assertThat(proxy.chat("b-tier").headers().firstValue("X-Proxy-Model")).hasValue("b-fallback");
        }
        assertThat(fault.calls("b-primary")).isEqualTo(3);
        HttpResponse<String> skipped = proxy.chat("b-tier");
        assertThat(skipped.headers().firstValue("X-Proxy-Model")).hasValue("b-fallback");
        assertThat(skipped.headers().firstValue("X-Proxy-Attempts")).hasValue("1");
        assertThat(fault.calls("b-primary")).isEqualTo(3);

        JsonObject status = model("/v1/status", "b-primary");
        assertThat(status.getString("state")).isEqualTo("open");
        assertThat(status.getInt("nextProbeInSeconds")).isBetween(1, 2);
        JsonObject tier = json(proxy.get("/v1/status").body()).getJsonArray("tiers").stream().map(JsonObject.class::cast)
                .filter(t -> t.getString("name").equals("b-tier")).findFirst().orElseThrow();
        assertThat(tier.getBoolean("canAnswer")).isTrue();
        await().atMost(Duration.ofSeconds(10)).until(() -> proxy.adminGet("/admin/api/breakers").body()
                .contains("\"model\":\"b-primary\",\"from\":\"closed\",\"to\":\"open\""));

        // after the cooldown a probe closes it, since the primary has recovered
        await().atMost(Duration.ofSeconds(5)).until(() -> model("/v1/status", "b-primary").getString("state").equals("half_open"));
        HttpResponse<String> r = proxy.chat("b-tier");
        assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("b-primary");
        assertThat(r.headers().firstValue("X-Proxy-Fallback")).hasValue("false");
        assertThat(model("/v1/status", "b-primary").getString("state")).isEqualTo("closed");
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            String body = proxy.adminGet("/admin/api/breakers").body();
            return body.contains("\"from\":\"open\",\"to\":\"half_open\"") && body.contains("\"from\":\"half_open\",\"to\":\"closed\"");
        });
    }

    @Test
    void whenEveryModelIsOpenTheAnswerIsAnImmediate503WithRetryAfter() throws Exception {
        assertThat(proxy.adminPost("/admin/api/breakers/b-x/open").statusCode()).isEqualTo(200);
        assertThat(proxy.adminPost("/admin/api/breakers/b-y/open").statusCode()).isEqualTo(200);
        int callsBefore = fault.calls("b-x") + fault.calls("b-y");
        HttpResponse<String> r = proxy.chat("b-all");
        assertThat(r.statusCode()).isEqualTo(503);
        // the soonest probe, in whole seconds rounded up: 2 when the answer came within a second of opening
        assertThat(r.headers().firstValue("Retry-After").map(Integer::parseInt)).hasValueSatisfying(
                s -> assertThat(s).isBetween(1, 2));
        assertThat(json(r.body()).getJsonObject("error").getString("code")).isEqualTo("unavailable");
        assertThat(fault.calls("b-x") + fault.calls("b-y")).isEqualTo(callsBefore);
        boolean canAnswer = json(proxy.get("/v1/status").body()).getJsonArray("tiers").stream().map(JsonObject.class::cast)
                .filter(t -> t.getString("name").equals("b-all")).findFirst().orElseThrow().getBoolean("canAnswer");
        assertThat(canAnswer).isFalse();
    }

    @Test
    void anAdminResetClosesTheBreakerAndUnknownModelsAre404() throws Exception {
        assertThat(proxy.adminPost("/admin/api/breakers/b-x/open").statusCode()).isEqualTo(200);
        assertThat(model("/admin/api/breakers", "b-x").getString("state")).isEqualTo("open");
        assertThat(proxy.adminPost("/admin/api/breakers/b-x/reset").statusCode()).isEqualTo(200);
        assertThat(model("/admin/api/breakers", "b-x").getString("state")).isEqualTo("closed");
        assertThat(proxy.chat("b-all").headers().firstValue("X-Proxy-Model")).hasValue("b-x");
        assertThat(proxy.adminPost("/admin/api/breakers/no-such-model/open").statusCode()).isEqualTo(404);
        assertThat(proxy.get("/admin/api/breakers").statusCode()).isEqualTo(401);
    }
}
