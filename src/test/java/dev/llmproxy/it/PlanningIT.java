package dev.llmproxy.it;

import dev.llmproxy.testing.FaultUpstream;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import static dev.llmproxy.testing.FaultUpstream.ok;
import static dev.llmproxy.testing.FaultUpstream.okWith;
import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThat;

/** Routing that plans ahead, end to end: a model's measured latency decides before its call whether it can fit. */
class PlanningIT extends DeployedProxy {

    private static final long SLOW_MS = 400;

    private static FaultUpstream fault;
    /** Holds every call to {@code plan-held} in flight until the test opens it. */
    private static final CompletableFuture<Void> held = new CompletableFuture<>();

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("plan-slow", fault.delayed(SLOW_MS, ok()));
        fault.on("plan-fast", ok());
        fault.on("plan-quota", okWith(Map.of("x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "3s",
                "x-ratelimit-remaining-tokens", "40000", "x-ratelimit-reset-tokens", "1s")), ok());
        fault.on("plan-spare", ok());
        fault.on("plan-held", FaultUpstream.heldUntil(held, ok()));
        fault.on("plan-east", ok());
        fault.on("plan-west", ok());
        fault.on("plan-lag", fault.hang());
        fault.on("plan-quick", fault.stream(0, 0, FaultUpstream.Ending.DONE, answerEvents("plan-quick", "quick")));
    }

    @AfterAll
    static void stop() throws Exception {
        held.complete(null);
        fault.close();
    }

    private static String config(long chainBudgetMs) {
        return new ConfigBuilder(fault.baseUrl()).setting("chainBudgetMs", chainBudgetMs)
                .tier("plan-deadline", "plan-slow", "plan-fast").tier("plan-quotas", "plan-quota", "plan-spare")
                .cappedModel("plan-held", 1).tier("plan-capped", "plan-held", "plan-fast")
                .deployment("plan-east", "plan-pair", 3, false).deployment("plan-west", "plan-pair", 1, true)
                .tier("plan-balanced", "plan-pair", "plan-fast").tier("plan-group-only", "plan-pair")
                .setting("maxSameModelRetries", 0)
                .hedgedTier("plan-hedged", "plan-lag", "plan-quick").setting("hedgeAfterMinMs", 100)
                .setting("hedgeAfterMaxMs", 300).build();
    }

    @Test
    void aSlowPrimaryIsUsedWhileItsLatencyFitsTheDeadlineAndPassedOverWhenItCannot() throws Exception {
        proxy.importConfig(config(10_000));
        // its history: answers of about 400 ms, asked for directly (a chain's only model is always called)
        ExecutorService callers = Executors.newFixedThreadPool(12);
        try {
            List<Future<Integer>> statuses = callers.invokeAll(IntStream.range(0, 24)
                    .mapToObj(i -> (Callable<Integer>) () -> proxy.chat("plan-slow").statusCode()).toList());
            for (Future<Integer> s : statuses) {
                assertThat(s.get()).isEqualTo(200);
            }
        } finally {
            callers.shutdown();
        }

        HttpResponse<String> fits = proxy.chat("plan-deadline");
        assertThat(fits.headers().firstValue("X-Proxy-Model")).hasValue("plan-slow");

        proxy.importConfig(config(300));
        int slowCalls = fault.calls("plan-slow");
        HttpResponse<String> tight = proxy.chat("plan-deadline");
        assertThat(tight.statusCode()).isEqualTo(200);
        assertThat(tight.headers().firstValue("X-Proxy-Model")).hasValue("plan-fast");
        assertThat(fault.calls("plan-slow")).isEqualTo(slowCalls);

        JsonArray attempts = proxy.awaitLoggedRow(tight.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(10)).getJsonArray("attempts");
        JsonObject skipped = attempts.getJsonObject(0);
        assertThat(skipped.getString("model")).isEqualTo("plan-slow");
        assertThat(skipped.getString("outcome")).isEqualTo("SKIPPED_TOO_SLOW");
        assertThat(skipped.getString("reason"))
                .matches("not called: would not finish in the 0\\.[0-3] s left; p90 \\d+\\.\\d s");

        String metrics = proxy.get("/metrics").body();
        assertThat(metrics).contains("proxy_model_latency_answers{kind=\"total\",model=\"plan-slow\"}")
                .containsPattern("proxy_model_latency_seconds\\{kind=\"total\",model=\"plan-slow\",quantile=\"0.9\"} \\d+\\.\\d");
    }

    @Test
    void aHedgedStreamAnswersFromTheFasterModelAndTheSlowerCallIsCancelledAndLogged() throws Exception {
        proxy.importConfig(config(10_000));
        int abandoned = fault.hangsAbandonedByClient();

        Streamed s = Streamed.call(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(),
                "plan-hedged", false);

        assertThat(s.response().statusCode()).isEqualTo(200);
        assertThat(s.header("X-Proxy-Model")).isEqualTo("plan-quick");
        assertThat(s.text()).isEqualTo("quick");
        assertThat(s.done()).isTrue();
        // the slower call is cancelled: its connection is closed, not left to run until its first-token limit
        await().atMost(Duration.ofSeconds(10)).until(() -> fault.hangsAbandonedByClient() > abandoned);
        assertThat(fault.calls("plan-lag")).isEqualTo(1);
        JsonArray attempts = proxy.awaitLoggedRow(s.header("X-Request-Id"), Duration.ofSeconds(10))
                .getJsonArray("attempts");
        assertThat(attempts).hasSize(2);
        JsonObject outrun = attempts.getJsonObject(0);
        assertThat(outrun.getString("model")).isEqualTo("plan-lag");
        assertThat(outrun.getString("outcome")).isEqualTo("OUTRUN");
        assertThat(outrun.getString("reason")).isEqualTo("cancelled: plan-quick answered first (hedged after 0.3 s)");
        assertThat(attempts.getJsonObject(1).getString("model")).isEqualTo("plan-quick");
        assertThat(attempts.getJsonObject(1).getString("outcome")).isEqualTo("SUCCESS");
    }

    @Test
    void aModelWhoseHeadersSayNoRequestsAreLeftIsNotCalledUntilItsReset() {
        proxy.importConfig(config(10_000));
        HttpResponse<String> first = proxy.chat("plan-quotas");
        assertThat(first.headers().firstValue("X-Proxy-Model")).hasValue("plan-quota");

        HttpResponse<String> spared = proxy.chat("plan-quotas");
        assertThat(spared.statusCode()).isEqualTo(200);
        assertThat(spared.headers().firstValue("X-Proxy-Model")).hasValue("plan-spare");
        assertThat(fault.calls("plan-quota")).isEqualTo(1);
        JsonObject skipped = proxy.awaitLoggedRow(spared.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(10)).getJsonArray("attempts").getJsonObject(0);
        assertThat(skipped.getString("outcome")).isEqualTo("SKIPPED_COOLDOWN");
        assertThat(proxy.get("/metrics").body()).containsPattern(
                "proxy_model_cooldown_seconds\\{model=\"plan-quota\"} [1-3]\\.");

        // once the reset has passed it is called again
        await().atMost(Duration.ofSeconds(10)).until(() ->
                "plan-quota".equals(proxy.chat("plan-quotas").headers().firstValue("X-Proxy-Model").orElse("")));
        assertThat(fault.calls("plan-quota")).isEqualTo(2);
    }

    @Test
    void aModelAtItsCapSendsTheOverflowToTheNextModel() throws Exception {
        proxy.importConfig(config(10_000));
        ExecutorService caller = Executors.newSingleThreadExecutor();
        try {
            Future<HttpResponse<String>> first = caller.submit(() -> proxy.chat("plan-capped"));
            await().atMost(Duration.ofSeconds(10)).until(() -> fault.calls("plan-held") == 1);

            HttpResponse<String> overflow = proxy.chat("plan-capped");
            assertThat(overflow.statusCode()).isEqualTo(200);
            assertThat(overflow.headers().firstValue("X-Proxy-Model")).hasValue("plan-fast");
            assertThat(fault.calls("plan-held")).isEqualTo(1);
            JsonObject skipped = proxy.awaitLoggedRow(overflow.headers().firstValue("X-Request-Id").orElseThrow(),
                    Duration.ofSeconds(10)).getJsonArray("attempts").getJsonObject(0);
            assertThat(skipped.getString("model")).isEqualTo("plan-held");
            assertThat(skipped.getString("outcome")).isEqualTo("SKIPPED_AT_CAPACITY");
            assertThat(skipped.getString("reason")).isEqualTo("not called: at its cap of 1 call in flight");
            assertThat(proxy.get("/metrics").body()).contains("proxy_model_in_flight{model=\"plan-held\"} 1.0");

            held.complete(null);
            HttpResponse<String> answered = first.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(answered.headers().firstValue("X-Proxy-Model")).hasValue("plan-held");
            // the slot is free again once the call ended
            assertThat(proxy.chat("plan-capped").headers().firstValue("X-Proxy-Model")).hasValue("plan-held");
        } finally {
            caller.shutdownNow();
        }
    }

    @Test
    void aTierThatNamesOnlyAGroupIsListedAndCanAnswerLikeAnyOther() {
        proxy.importConfig(config(10_000));
        assertThat(proxy.get("/v1/models").body()).contains("\"id\":\"plan-group-only\"");
        assertThat(proxy.get("/v1/models/plan-group-only").statusCode()).isEqualTo(200);
        assertThat(proxy.get("/v1/status").body()).contains("{\"name\":\"plan-group-only\",\"canAnswer\":true}");
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(proxy.get("/metrics").body()).contains("proxy_tier_available{tier=\"plan-group-only\"} 1.0"));
    }

    @Test
    void aGroupBalancesByWeightAndFailsOverInsideTheGroupBeforeTheChainMovesOn() throws Exception {
        proxy.importConfig(config(10_000));
        ExecutorService callers = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> answered = callers.invokeAll(IntStream.range(0, 1_000)
                    .mapToObj(i -> (Callable<String>) () -> {
                        HttpResponse<String> r = proxy.chat("plan-balanced");
                        assertThat(r.statusCode()).isEqualTo(200);
                        return r.headers().firstValue("X-Proxy-Model").orElseThrow();
                    }).toList());
            int east = 0;
            for (Future<String> model : answered) {
                assertThat(model.get()).isIn("plan-east", "plan-west");
                east += model.get().equals("plan-east") ? 1 : 0;
            }
            // weights 3 to 1: 750 expected, the tolerance over four standard deviations of a fair draw
            assertThat(east).isBetween(690, 810);
        } finally {
            callers.shutdown();
        }
        assertThat(fault.calls("plan-east") + fault.calls("plan-west")).isEqualTo(1_000);

        fault.on("plan-east", FaultUpstream.status(503));
        int fastCalls = fault.calls("plan-fast");
        for (int i = 0; i < 10; i++) {
            HttpResponse<String> r = proxy.chat("plan-balanced");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("plan-west");
        }
        assertThat(fault.calls("plan-fast")).isEqualTo(fastCalls);
        assertThat(fault.calls("plan-east")).isPositive();
        fault.on("plan-east", ok());
    }
}
