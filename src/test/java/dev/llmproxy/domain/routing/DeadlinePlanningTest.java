package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.upstream.RequestBody;
import dev.llmproxy.domain.answer.Answers;
import dev.llmproxy.domain.breaker.BreakerPolicy;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.streaming.Backpressure;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Deadline-aware attempts over a fake clock: each model's latency is measured as the chain calls it, and a model
 * whose recent latency would not fit in what is left of the budget is passed over before its call.
 */
class DeadlinePlanningTest {

    private static final Provider PROVIDER = new Provider("p", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"), null);

    private final MutableClock clock = MutableClock.atEpoch();
    private final Map<String, Function<UpstreamCall, UpstreamReply>> script = new HashMap<>();
    private final List<String> calls = new ArrayList<>();
    private final UpstreamPort port = call -> {
        calls.add(call.model().name());
        return CompletableFuture.completedFuture(script.get(call.model().name()).apply(call));
    };
    private final RateLimitCooldowns cooldowns = new RateLimitCooldowns(clock);
    private final Breakers breakers = new Breakers(() -> BreakerPolicy.DEFAULT, clock, "test", t -> { });
    private final ModelLatencies latencies = new ModelLatencies(clock);
    private final ChainExecutor executor = new ChainExecutor(port,
            d -> { clock.advance(d); return CompletableFuture.completedFuture(null); }, clock, cooldowns, breakers,
            latencies, new ProviderQuotas(clock, cooldowns), new ModelSlots(), () -> 0.5);

    /** Answers after {@code takes}; an answer longer than the attempt's bound is a timeout at the bound. */
    private Function<UpstreamCall, UpstreamReply> answersIn(long takesMs) {
        return call -> {
            if (Duration.ofMillis(takesMs).compareTo(call.timeout()) > 0) {
                clock.advance(call.timeout());
                return new UpstreamReply.Failed(FailureKind.TIMEOUT, "timeout");
            }
            clock.advance(Duration.ofMillis(takesMs));
            return new UpstreamReply.Completed(Answers.text(""), call.model().upstreamModel(), Finish.STOP, TokenUsage.NONE);
        };
    }

    /** Streams its first word after {@code firstMs}, the rest until {@code totalMs}. */
    private Function<UpstreamCall, UpstreamReply> streamsIn(long firstMs, long totalMs) {
        return call -> {
            clock.advance(Duration.ofMillis(firstMs));
            call.stream().onEvent(new StreamEvent("a", null), Backpressure.NONE);
            clock.advance(Duration.ofMillis(totalMs - firstMs));
            call.stream().onEvent(new StreamEvent("b", Finish.STOP), Backpressure.NONE);
            return new UpstreamReply.StreamEnded(call.model().upstreamModel(), Finish.STOP, TokenUsage.NONE, 2, 0, "id");
        };
    }

    private static Candidate model(String name) {
        return new Candidate(AllowedModel.of(name, "p", "up-" + name), PROVIDER);
    }

    private static Settings settings(long chainBudgetMs, long percentile) {
        return Settings.builder().set("chainBudgetMs", chainBudgetMs).set("attemptTimeoutMs", 60_000L)
                .set("firstTokenTimeoutMs", 60_000L).set("deadlinePercentile", percentile).build();
    }

    private ChainResult run(Settings settings, String... chain) {
        List<Candidate> candidates = java.util.Arrays.stream(chain).map(DeadlinePlanningTest::model).toList();
        return executor.execute(new ChainPlan("r", candidates, m -> RequestBody.of(new byte[0]), settings)).join();
    }

    private ChainResult stream(Settings settings, String... chain) {
        List<Candidate> candidates = java.util.Arrays.stream(chain).map(DeadlinePlanningTest::model).toList();
        return executor.execute(new ChainPlan("r", candidates, m -> RequestBody.of(new byte[0]), settings,
                new StreamingChainTest.RecordingSink())).join();
    }

    /** {@code n} requests to the model alone, which is never passed over: the history the forecast reads. */
    private void history(int n, String model, boolean stream) {
        for (int i = 0; i < n; i++) {
            if (stream) {
                stream(settings(60_000, 90), model);
            } else {
                run(settings(60_000, 90), model);
            }
        }
    }

    @Test
    void aModelTooSlowForWhatIsLeftIsPassedOverWithItsReasonAndTheNextAnswers() {
        script.put("slow", answersIn(4_300));
        script.put("fast", answersIn(100));
        history(ModelLatencies.MIN_SAMPLES, "slow", false);
        calls.clear();

        ChainResult r = run(settings(2_100, 90), "slow", "fast");

        assertThat(calls).containsExactly("fast");
        assertThat(((ChainResult.Success) r).model().name()).isEqualTo("fast");
        assertThat(r.attempts()).extracting(AttemptRecord::outcome)
                .containsExactly(Outcome.SKIPPED_TOO_SLOW, Outcome.SUCCESS);
        assertThat(r.attempts().get(0).reason()).isEqualTo("not called: would not finish in the 2.1 s left; p90 4.3 s");
        assertThat(((ChainResult.Success) r).fallback()).isTrue();
    }

    @Test
    void theSameModelIsCalledWhenItsLatencyFitsTheBudget() {
        script.put("slow", answersIn(4_300));
        script.put("fast", answersIn(100));
        history(ModelLatencies.MIN_SAMPLES, "slow", false);
        calls.clear();

        ChainResult r = run(settings(10_000, 90), "slow", "fast");

        assertThat(calls).containsExactly("slow");
        assertThat(((ChainResult.Success) r).model().name()).isEqualTo("slow");
    }

    @Test
    void aModelWithTooLittleHistoryIsNeverPassedOverOnThisGround() {
        script.put("slow", answersIn(4_300));
        script.put("fast", answersIn(100));
        history(ModelLatencies.MIN_SAMPLES - 1, "slow", false);
        calls.clear();

        run(settings(5_000, 90), "slow", "fast");

        assertThat(calls).containsExactly("slow");
    }

    @Test
    void theLastModelThatCouldBeCalledIsAlwaysCalled() {
        script.put("slow", answersIn(4_300));
        script.put("fast", answersIn(100));
        history(ModelLatencies.MIN_SAMPLES, "slow", false);
        calls.clear();

        run(settings(2_000, 90), "slow"); // the chain's last model: called, though it will most likely time out
        cooldowns.coolDown("fast", Duration.ofMinutes(1));
        run(settings(2_000, 90), "slow", "fast"); // the only later model is cooling down
        cooldowns.clear("fast");
        breakers.of("fast").forceOpen("drill");
        run(settings(2_000, 90), "slow", "fast"); // the only later model's circuit is open

        assertThat(calls).containsExactly("slow", "slow", "slow");
    }

    @Test
    void percentileZeroTurnsTheForecastOff() {
        script.put("slow", answersIn(4_300));
        script.put("fast", answersIn(100));
        history(ModelLatencies.MIN_SAMPLES, "slow", false);
        calls.clear();

        run(settings(2_000, 0), "slow", "fast");

        assertThat(calls).containsExactly("slow");
    }

    @Test
    void aStreamIsJudgedByItsTimeToFirstToken() {
        script.put("steady", streamsIn(800, 6_000)); // starts soon, talks long
        script.put("late", streamsIn(3_500, 4_000)); // starts late
        script.put("fast", streamsIn(50, 100));
        history(ModelLatencies.MIN_SAMPLES, "steady", true);
        history(ModelLatencies.MIN_SAMPLES, "late", true);
        calls.clear();

        stream(settings(3_000, 90), "steady", "fast");
        ChainResult late = stream(settings(3_000, 90), "late", "fast");

        assertThat(calls).containsExactly("steady", "fast");
        assertThat(late.attempts().get(0).reason())
                .isEqualTo("not called: would not start answering in the 3.0 s left; p90 to first token 3.5 s");
        // within the histogram's resolution (two significant digits, reported at the top of their range)
        assertThat(latencies.percentile("steady", LatencyKind.FIRST_TOKEN, 50).orElseThrow().toMillis())
                .isBetween(800L, 808L);
        assertThat(latencies.percentile("steady", LatencyKind.TOTAL, 50).orElseThrow().toMillis())
                .isBetween(6_000L, 6_060L);
    }

    @Test
    void onlyCompleteAnswersAndTimeoutsSayHowLongAModelTakes() {
        script.put("fails", call -> {
            clock.advance(Duration.ofMillis(30));
            return new UpstreamReply.HttpError(500, null, "");
        });
        script.put("hangs", answersIn(1_000_000));
        for (int i = 0; i < ModelLatencies.MIN_SAMPLES; i++) {
            run(settings(60_000, 90), "fails");
            run(Settings.builder().set("attemptTimeoutMs", 2_000L).set("maxSameModelRetries", 0L).build(), "hangs");
            breakers.of("fails").reset("test"); // each answer counts against health: keep calling them
            breakers.of("hangs").reset("test");
        }

        assertThat(latencies.summary("fails", LatencyKind.TOTAL).count()).isZero();
        // a timeout is a lower bound of what the model needs: enough to pass it over when 2 s will not do
        assertThat(latencies.percentile("hangs", LatencyKind.TOTAL, 90).orElseThrow().toMillis()).isBetween(2_000L, 2_020L);
    }
}
