package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.upstream.UpstreamPort;

import java.time.Clock;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Runs a request down its model chain: each candidate's turn goes through the per-model policies
 * ({@link ModelStack}), and the fallback over the candidates ({@link CandidateFallback}) decides what follows.
 * Non-blocking: waits are {@link Sleeper} futures, attempts are {@link UpstreamPort} futures. Cancelling the returned
 * future cancels the attempt or wait in flight.
 */
public final class ChainExecutor {

    private final Clock clock;
    private final RateLimitCooldowns cooldowns;
    private final Breakers breakers;
    private final ModelStep stack;
    private final DeploymentOrder deployments;
    private final ModelLatencies latencies;
    private final Sleeper sleeper;

    /** With latency windows, quota readings and model slots of its own, which nothing else reads. */
    public ChainExecutor(UpstreamPort upstream, Sleeper sleeper, Clock clock, RateLimitCooldowns cooldowns,
                         Breakers breakers, DoubleSupplier random) {
        this(upstream, sleeper, clock, cooldowns, breakers, new ModelLatencies(clock),
                new ProviderQuotas(clock, cooldowns), new ModelSlots(), random);
    }

    public ChainExecutor(UpstreamPort upstream, Sleeper sleeper, Clock clock, RateLimitCooldowns cooldowns,
                         Breakers breakers, ModelLatencies latencies, ProviderQuotas quotas, ModelSlots slots,
                         DoubleSupplier random) {
        this.clock = clock;
        this.cooldowns = cooldowns;
        this.breakers = breakers;
        this.deployments = new DeploymentOrder(latencies, random);
        this.latencies = latencies;
        this.sleeper = sleeper;
        this.stack = ModelStack.standard(upstream, clock, sleeper, cooldowns, breakers, latencies, quotas, slots,
                random);
    }

    public RunningChain execute(ChainPlan plan) {
        List<Candidate> ordered = deployments.apply(plan.candidates(), plan.stream() != null);
        ChainPlan balanced = ordered == plan.candidates() ? plan : plan.withCandidates(ordered);
        return new CandidateFallback(new RunContext(balanced, clock), stack, cooldowns, breakers, latencies,
                sleeper).start();
    }
}
