package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.breaker.Breakers;

import java.time.Clock;
import java.util.function.DoubleSupplier;

/**
 * Runs a request down its model chain: classify each attempt, retry only what is worth retrying, move on at once
 * past rate-limited models, and never start an attempt past the chain budget. Non-blocking: waits are
 * {@link Sleeper} futures, attempts are {@link UpstreamPort} futures. Cancelling the returned future cancels the
 * attempt in flight.
 */
public final class ChainExecutor {

    private final UpstreamPort upstream;
    private final Sleeper sleeper;
    private final Clock clock;
    private final RateLimitCooldowns cooldowns;
    private final DoubleSupplier random;
    private final Breakers breakers;

    public ChainExecutor(UpstreamPort upstream, Sleeper sleeper, Clock clock, RateLimitCooldowns cooldowns,
                         Breakers breakers, DoubleSupplier random) {
        this.breakers = breakers;
        this.upstream = upstream;
        this.sleeper = sleeper;
        this.clock = clock;
        this.cooldowns = cooldowns;
        this.random = random;
    }

    public RunningChain execute(ChainPlan plan) {
        return new ChainRun(plan, upstream, sleeper, clock, cooldowns, breakers, random).start();
    }
}
