package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.upstream.RequestBody;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.testing.MutableClock;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** One policy under test, over an inner step that answers from a script, with a fake clock and sleeper. */
final class PolicyFixture {

    private static final Provider PROVIDER = new Provider("p", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"), null);

    final MutableClock clock = MutableClock.atEpoch();
    final List<Duration> sleeps = new ArrayList<>();
    final Sleeper sleeper = d -> {
        sleeps.add(d);
        clock.advance(d);
        return CompletableFuture.completedFuture(null);
    };
    final RateLimitCooldowns cooldowns = new RateLimitCooldowns(clock);
    final ModelLatencies latencies = new ModelLatencies(clock);
    final List<ModelTry> innerRuns = new ArrayList<>();
    private final Deque<ModelResult> script = new ArrayDeque<>();
    final ModelStep inner = attempt -> {
        innerRuns.add(attempt);
        ModelResult next = script.poll();
        if (next == null) {
            throw new AssertionError("inner step run more often than scripted");
        }
        return CompletableFuture.completedFuture(next);
    };
    Settings settings = Settings.builder().set("attemptTimeoutMs", 3000L).set("chainBudgetMs", 10_000L)
            .set("maxSameModelRetries", 2L).set("backoffInitialMs", 200L).set("backoffMaxMs", 2000L)
            .set("rateLimitCooldownMs", 60_000L).build();

    /** The inner step answers these replies, classified by the outcome table, one per run. */
    PolicyFixture answers(UpstreamReply... replies) {
        for (UpstreamReply r : replies) {
            script.add(new ModelResult.Answered(r, OutcomeClassifier.classify(r, settings.outcomes()), "reason"));
        }
        return this;
    }

    PolicyFixture then(ModelResult result) {
        script.add(result);
        return this;
    }

    RunContext run(String... models) {
        List<Candidate> chain = Arrays.stream(models).map(m -> new Candidate(AllowedModel.of(m, "p", m), PROVIDER)).toList();
        return new RunContext(new ChainPlan("req-1", chain, m -> RequestBody.of(new byte[0]), settings), clock);
    }

    static ModelTry turn(RunContext run, int index) {
        return new ModelTry(run, run.plan().candidates().get(index), index, false);
    }

    static ModelResult result(CompletableFuture<ModelResult> f) {
        if (!f.isDone()) {
            throw new AssertionError("the policy left the turn pending");
        }
        return f.join();
    }
}
