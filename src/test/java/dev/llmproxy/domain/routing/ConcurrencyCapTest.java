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
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.upstream.TokenUsage;
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

/** Concurrency caps: calls held in flight by the test, waits for a slot timed by timers the test fires. */
class ConcurrencyCapTest {

    private static final Provider PROVIDER = new Provider("p", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"), null);

    private final MutableClock clock = MutableClock.atEpoch();
    /** Calls in flight, by model, in the order made; the test answers them. */
    private final List<String> calls = new ArrayList<>();
    private final List<CompletableFuture<UpstreamReply>> replies = new ArrayList<>();
    private final UpstreamPort port = call -> {
        calls.add(call.model().name());
        CompletableFuture<UpstreamReply> reply = new CompletableFuture<>();
        replies.add(reply);
        return reply;
    };
    private final List<CompletableFuture<Void>> timers = new ArrayList<>();
    private final Sleeper sleeper = d -> {
        CompletableFuture<Void> t = new CompletableFuture<>();
        timers.add(t);
        return t;
    };
    private final RateLimitCooldowns cooldowns = new RateLimitCooldowns(clock);
    private final ModelSlots slots = new ModelSlots();
    private final ChainExecutor executor = new ChainExecutor(port, sleeper, clock, cooldowns,
            new Breakers(() -> BreakerPolicy.DEFAULT, clock, "test", t -> { }), new ModelLatencies(clock),
            new ProviderQuotas(clock, cooldowns), slots, () -> 0.5);

    private static Candidate capped(String name, Integer cap) {
        return new Candidate(new AllowedModel(name, "p", "up-" + name, null, true, false, null, null, false, null,
                null, null, null, null, null, null, null, false, cap, null, null), PROVIDER);
    }

    private static final Settings SETTINGS = Settings.builder().set("chainBudgetMs", 30_000L)
            .set("maxSameModelRetries", 0L).build();

    private RunningChain run(Candidate... chain) {
        return executor.execute(new ChainPlan("r", Arrays.asList(chain), m -> RequestBody.of(new byte[0]), SETTINGS));
    }

    private static UpstreamReply ok() {
        return new UpstreamReply.Completed(Answers.text(""), "up", Finish.STOP, TokenUsage.NONE);
    }

    @Test
    void requestsBeyondTheCapGoToTheNextModelWithTheReasonLogged() {
        Candidate slow = capped("slow", 1);
        Candidate spare = capped("spare", null);
        RunningChain first = run(slow, spare);

        RunningChain second = run(slow, spare);
        replies.get(1).complete(ok());

        assertThat(calls).containsExactly("slow", "spare");
        ChainResult r = second.join();
        assertThat(((ChainResult.Success) r).model().name()).isEqualTo("spare");
        assertThat(r.attempts()).extracting(AttemptRecord::outcome)
                .containsExactly(Outcome.SKIPPED_AT_CAPACITY, Outcome.SUCCESS);
        assertThat(r.attempts().get(0).reason()).isEqualTo("not called: at its cap of 1 call in flight");
        assertThat(first).isNotDone();
        assertThat(slots.inFlight("slow")).isEqualTo(1);
    }

    @Test
    void theSlotIsFreedHoweverTheCallEnds() {
        Candidate slow = capped("slow", 1);
        RunningChain broken = run(slow);
        replies.get(0).completeExceptionally(new IllegalStateException("transport broke"));
        broken.handle((r, e) -> null).join();
        assertThat(slots.inFlight("slow")).isZero();

        RunningChain refused = run(slow);
        replies.get(1).complete(new UpstreamReply.HttpError(400, null, "bad request"));
        assertThat(refused.join()).isInstanceOf(ChainResult.Failure.class);
        assertThat(slots.inFlight("slow")).isZero();

        RunningChain cancelled = run(slow);
        assertThat(slots.inFlight("slow")).isEqualTo(1);
        cancelled.cancel(true);
        assertThat(slots.inFlight("slow")).isZero();
        assertThat(calls).containsExactly("slow", "slow", "slow");
    }

    @Test
    void theLastModelOfAChainWaitsForASlotInsteadOfFailing() {
        Candidate only = capped("only", 1);
        RunningChain first = run(only);
        RunningChain second = run(only);
        assertThat(calls).containsExactly("only");
        assertThat(second).isNotDone();

        replies.get(0).complete(ok());
        first.join();
        assertThat(calls).containsExactly("only", "only");
        replies.get(1).complete(ok());
        assertThat(((ChainResult.Success) second.join()).model().name()).isEqualTo("only");
        assertThat(slots.inFlight("only")).isZero();
    }

    @Test
    void aWaitForASlotEndsWithTheChainBudget() {
        Candidate only = capped("only", 1);
        run(only);
        RunningChain second = run(only);
        clock.advance(Duration.ofSeconds(30));
        timers.get(timers.size() - 1).complete(null);

        ChainResult r = second.join();
        assertThat(r).isInstanceOf(ChainResult.Failure.class);
        assertThat(((ChainResult.Failure) r).error().kind()).isEqualTo(ErrorKind.TIMEOUT);
        assertThat(calls).containsExactly("only");
        replies.get(0).complete(ok());
        assertThat(slots.inFlight("only")).isZero();
    }

    @Test
    void aClientGoneWhileWaitingLeavesNoPlaceBehind() {
        Candidate only = capped("only", 1);
        run(only);
        RunningChain gone = run(only);
        RunningChain next = run(only);
        gone.cancel(true);

        replies.get(0).complete(ok());
        assertThat(calls).containsExactly("only", "only");
        replies.get(1).complete(ok());
        assertThat(next.join()).isInstanceOf(ChainResult.Success.class);
        assertThat(slots.inFlight("only")).isZero();
    }

    @Test
    void aModelWithoutACapIsNeverCounted() {
        Candidate free = capped("free", null);
        run(free);
        run(free);
        assertThat(calls).containsExactly("free", "free");
        assertThat(slots.inFlight("free")).isZero();
    }
}
