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
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** Hedged turns: calls held by the test, the hedge timer fired by it, over a fake clock and scripted latencies. */
class HedgingTest {

    private static final Provider PROVIDER = new Provider("p", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"), null);

    private final MutableClock clock = MutableClock.atEpoch();
    private final List<UpstreamCall> calls = new ArrayList<>();
    private final List<CompletableFuture<UpstreamReply>> replies = new ArrayList<>();
    private final UpstreamPort port = call -> {
        calls.add(call);
        CompletableFuture<UpstreamReply> reply = new CompletableFuture<>();
        replies.add(reply);
        return reply;
    };
    private final List<Duration> waits = new ArrayList<>();
    private final List<CompletableFuture<Void>> timers = new ArrayList<>();
    private final Sleeper sleeper = d -> {
        CompletableFuture<Void> t = new CompletableFuture<>();
        waits.add(d);
        timers.add(t);
        return t;
    };
    private final RateLimitCooldowns cooldowns = new RateLimitCooldowns(clock);
    private final ModelLatencies latencies = new ModelLatencies(clock);
    private final ChainExecutor executor = new ChainExecutor(port, sleeper, clock, cooldowns,
            new Breakers(() -> BreakerPolicy.DEFAULT, clock, "test", t -> { }), latencies,
            new ProviderQuotas(clock, cooldowns), new ModelSlots(), () -> 0.5);
    private final StreamingChainTest.RecordingSink sink = new StreamingChainTest.RecordingSink();

    private static final Settings SETTINGS = Settings.builder().set("chainBudgetMs", 30_000L)
            .set("maxSameModelRetries", 0L).set("hedgeAfterMinMs", 250L).set("hedgeAfterMaxMs", 1_000L).build();

    private static Candidate model(String name) {
        return new Candidate(new AllowedModel(name, "p", "up-" + name, null, true, false, null, null, false, null,
                null, null, null, null, null), PROVIDER);
    }

    private RunningChain run(boolean stream, boolean hedged, String... chain) {
        return executor.execute(new ChainPlan("r", Arrays.stream(chain).map(HedgingTest::model).toList(),
                m -> RequestBody.of(new byte[0]), SETTINGS, stream ? sink : null, 100, RunTrace.NONE, hedged));
    }

    private static UpstreamReply ok() {
        return new UpstreamReply.Completed(Answers.text(""), "up", Finish.STOP, new TokenUsage(100, 5, 105));
    }

    private static void token(UpstreamCall call, String text) {
        call.stream().onEvent(new StreamEvent(text, null), Backpressure.NONE);
    }

    private static UpstreamReply.StreamEnded streamEnded(String model) {
        return new UpstreamReply.StreamEnded(model, Finish.STOP, new TokenUsage(100, 1, 101), 1, 0, "id");
    }

    private List<Outcome> outcomes(List<AttemptRecord> attempts) {
        return attempts.stream().map(AttemptRecord::outcome).toList();
    }

    @Test
    void aStreamSlowToItsFirstTokenIsHedgedAndTheFirstTokenWins() {
        RunningChain run = run(true, true, "slow", "fast");
        assertThat(calls).extracting(c -> c.model().name()).containsExactly("slow");

        timers.get(0).complete(null);
        assertThat(calls).extracting(c -> c.model().name()).containsExactly("slow", "fast");
        token(calls.get(1), "Hi");

        assertThat(replies.get(0)).isCancelled();
        assertThat(sink.opened).containsExactly("fast");
        token(calls.get(0), "late"); // a token racing the cancellation never reaches the client
        replies.get(1).complete(streamEnded("up-fast"));

        ChainResult.Streamed r = (ChainResult.Streamed) run.join();
        assertThat(r.model().name()).isEqualTo("fast");
        assertThat(sink.text()).isEqualTo("Hi");
        assertThat(outcomes(r.attempts())).containsExactly(Outcome.OUTRUN, Outcome.SUCCESS);
        AttemptRecord outrun = r.attempts().get(0);
        assertThat(outrun.model()).isEqualTo("slow");
        assertThat(outrun.reason()).isEqualTo("cancelled: fast answered first (hedged after 1.0 s)");
        assertThat(outrun.tokens()).isEqualTo(100); // its prompt, the least its provider bills
    }

    @Test
    void theFirstModelSendingItsFirstTokenFirstWinsAndTheHedgeIsCancelled() {
        RunningChain run = run(true, true, "a", "b");
        timers.get(0).complete(null);

        token(calls.get(0), "A");
        replies.get(0).complete(streamEnded("up-a"));

        assertThat(replies.get(1)).isCancelled();
        ChainResult.Streamed r = (ChainResult.Streamed) run.join();
        assertThat(r.model().name()).isEqualTo("a");
        assertThat(outcomes(r.attempts())).containsExactly(Outcome.OUTRUN, Outcome.SUCCESS);
        assertThat(r.attempts().get(0).model()).isEqualTo("b");
        assertThat(sink.opened).containsExactly("a");
    }

    @Test
    void aWinnerThatBreaksBeforeTheClientSawAnythingMovesOnToTheOutrunModelAfresh() {
        RunningChain run = executor.execute(new ChainPlan("r", List.of(model("a"), model("b")), m -> RequestBody.of(new byte[0]),
                Settings.builder().set("chainBudgetMs", 30_000L).set("maxSameModelRetries", 0L)
                        .set("hedgeAfterMaxMs", 1_000L).set("streamCommitMs", 10_000L).build(), sink, 100,
                RunTrace.NONE, true));
        timers.get(0).complete(null);
        token(calls.get(0), "A"); // a wins; held in the commit window
        replies.get(0).complete(new UpstreamReply.StreamBroken(dev.llmproxy.domain.failure.StreamBreak.CUT,
                "connection closed", "up-a", 1, 0, "id"));

        assertThat(calls).extracting(c -> c.model().name()).containsExactly("a", "b", "b");
        token(calls.get(2), "B");
        replies.get(2).complete(streamEnded("up-b"));
        ChainResult.Streamed r = (ChainResult.Streamed) run.join();
        assertThat(r.model().name()).isEqualTo("b");
        assertThat(sink.text()).isEqualTo("B");
        assertThat(outcomes(r.attempts())).containsExactly(Outcome.OUTRUN, Outcome.STREAM_BROKEN, Outcome.SUCCESS);
    }

    @Test
    void theWaitIsTheModelsRecentP95BoundedBySettingsAndTheMaximumWhileUnmeasured() {
        run(true, true, "new", "b");
        for (int i = 0; i < 20; i++) {
            latencies.record("steady", LatencyKind.FIRST_TOKEN, Duration.ofMillis(600));
            latencies.record("quick", LatencyKind.FIRST_TOKEN, Duration.ofMillis(10));
            latencies.record("sluggish", LatencyKind.TOTAL, Duration.ofSeconds(9));
        }
        run(true, true, "steady", "b");
        run(true, true, "quick", "b");
        run(false, true, "sluggish", "b");

        assertThat(waits).hasSize(4);
        assertThat(waits.get(0)).isEqualTo(Duration.ofSeconds(1));
        assertThat(waits.get(1)).isBetween(Duration.ofMillis(600), Duration.ofMillis(610)); // the histogram's precision
        assertThat(waits.get(2)).isEqualTo(Duration.ofMillis(250));
        assertThat(waits.get(3)).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void anAnswerBeforeTheWaitEndsCallsNothingElse() {
        RunningChain run = run(false, true, "a", "b");
        replies.get(0).complete(ok());
        timers.get(0).complete(null);

        assertThat(calls).hasSize(1);
        assertThat(outcomes(run.join().attempts())).containsExactly(Outcome.SUCCESS);
    }

    @Test
    void unhedgedPlansAndTheLastModelStartNoTimer() {
        run(false, false, "a", "b");
        run(false, true, "only");

        assertThat(timers).isEmpty();
    }

    @Test
    void inOnePieceTheFirstWholeAnswerWinsAndTheSlowerCallIsCancelled() {
        RunningChain run = run(false, true, "slow", "fast");
        timers.get(0).complete(null);
        replies.get(1).complete(ok());

        assertThat(replies.get(0)).isCancelled();
        ChainResult.Success r = (ChainResult.Success) run.join();
        assertThat(r.model().name()).isEqualTo("fast");
        assertThat(r.fallback()).isTrue();
        // in the order they ended: the slower is cancelled once the faster has answered
        assertThat(r.attempts()).extracting(AttemptRecord::model).containsExactly("fast", "slow");
        assertThat(outcomes(r.attempts())).containsExactly(Outcome.SUCCESS, Outcome.OUTRUN);
    }

    @Test
    void aCallInOnePieceOutrunIsBilledItsWholeAllowanceItsProviderMayStillProduce() {
        RunningChain run = executor.execute(new ChainPlan("r", List.of(model("slow"), model("fast")), m -> RequestBody.of(new byte[0]),
                SETTINGS, null, 100, RunTrace.NONE, true, new dev.llmproxy.domain.spend.OutputAllowance(400, 0)));
        timers.get(0).complete(null);
        replies.get(1).complete(ok());
        ChainResult.Success r = (ChainResult.Success) run.join();
        assertThat(r.attempts().get(1).outcome()).isEqualTo(Outcome.OUTRUN);
        assertThat(r.attempts().get(1).tokens()).isEqualTo(500);
    }

    @Test
    void whenTheFirstModelFailsTheChainTakesUpTheHedgeUnderWayInsteadOfCallingItAgain() {
        RunningChain run = run(false, true, "a", "b", "c");
        timers.get(0).complete(null);
        replies.get(0).complete(new UpstreamReply.HttpError(503, null, "overloaded"));
        assertThat(run).isNotDone();
        replies.get(1).complete(ok());

        ChainResult.Success r = (ChainResult.Success) run.join();
        assertThat(r.model().name()).isEqualTo("b");
        assertThat(calls).extracting(c -> c.model().name()).containsExactly("a", "b");
        assertThat(outcomes(r.attempts())).containsExactly(Outcome.SERVER_ERROR, Outcome.SUCCESS);
    }

    @Test
    void aHedgeThatFailsWaitsForTheFirstModelWhoseAnswerStands() {
        RunningChain run = run(false, true, "a", "b", "c");
        timers.get(0).complete(null);
        replies.get(1).complete(new UpstreamReply.HttpError(503, null, "overloaded"));
        assertThat(run).isNotDone();
        replies.get(0).complete(ok());

        ChainResult.Success r = (ChainResult.Success) run.join();
        assertThat(r.model().name()).isEqualTo("a");
        assertThat(calls).hasSize(2);
        assertThat(outcomes(r.attempts())).containsExactly(Outcome.SERVER_ERROR, Outcome.SUCCESS);
    }

    @Test
    void bothFailingMovesTheChainOnToTheModelAfterTheHedge() {
        RunningChain run = run(false, true, "a", "b", "c");
        timers.get(0).complete(null);
        replies.get(1).complete(new UpstreamReply.HttpError(503, null, "overloaded"));
        replies.get(0).complete(new UpstreamReply.HttpError(503, null, "overloaded"));
        assertThat(calls).extracting(c -> c.model().name()).containsExactly("a", "b", "c");
        replies.get(2).complete(ok());

        assertThat(((ChainResult.Success) run.join()).model().name()).isEqualTo("c");
    }

    @Test
    void anAnswerThatEndsTheRequestCancelsTheHedgeStillRunning() {
        RunningChain run = run(false, true, "a", "b");
        timers.get(0).complete(null);
        replies.get(0).complete(new UpstreamReply.HttpError(418, null, "teapot"));

        assertThat(replies.get(1)).isCancelled();
        ChainResult r = run.join();
        assertThat(r).isInstanceOf(ChainResult.Failure.class);
        assertThat(outcomes(r.attempts())).containsExactly(Outcome.UNEXPECTED_STATUS, Outcome.OUTRUN);
        assertThat(r.attempts().get(1).reason()).isEqualTo("cancelled: the request ended before it answered");
    }

    @Test
    void aClientLeavingMidRaceCancelsBothCallsAndLogsBothAbandoned() {
        RunningChain run = run(false, true, "a", "b");
        timers.get(0).complete(null);

        run.cancel(true);

        assertThat(replies).allMatch(CompletableFuture::isCancelled);
        assertThat(run.attemptsSoFar()).extracting(AttemptRecord::model).containsExactly("a", "b");
        assertThat(outcomes(run.attemptsSoFar())).containsOnly(Outcome.ABANDONED);
    }
}
