package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.upstream.UpstreamPort;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.DoubleSupplier;

/**
 * The per-model policies, composed in one place. Outermost first:
 * <ol>
 *   <li>{@link ContextWindowGate}: a model whose context window is known to be too small for the prompt is passed
 *   over;</li>
 *   <li>{@link SameModelRetry}: an outcome worth retrying is tried again after a backoff;</li>
 *   <li>{@link RoomForThinking}: thoughts that used up the output budget are given more room, once;</li>
 *   <li>{@link RateLimitPolicy}: a model cooling down after a 429 (or whose quota its provider said is spent) is
 *   passed over, a 429 cools it down;</li>
 *   <li>{@link DeadlineGate}: no attempt starts past the chain budget, nor on a model too slow for what is left;</li>
 *   <li>{@link ConcurrencyCap}: a model at its cap of calls in flight is passed over, or waited for when last;</li>
 *   <li>{@link BreakerGate}: an open circuit passes the model over, every attempt reports to it;</li>
 *   <li>{@link AttemptTimeout}: the attempt's bound, capped by what is left of the budget;</li>
 *   <li>{@link UpstreamAttempt}: the call itself, classified by the outcome table.</li>
 * </ol>
 * A retry therefore passes every gate again. Each layer first checks that the run is still wanted.
 */
final class ModelStack {

    private ModelStack() {
    }

    static ModelStep standard(UpstreamPort upstream, Clock clock, Sleeper sleeper, RateLimitCooldowns cooldowns,
                              Breakers breakers, ModelLatencies latencies, ProviderQuotas quotas,
                              ModelSlots slots, DoubleSupplier random) {
        LaterModels later = new LaterModels(cooldowns, breakers);
        return of(List.of(new ContextWindowGate(), new SameModelRetry(sleeper, random), new RoomForThinking(),
                new RateLimitPolicy(cooldowns, quotas, sleeper), new DeadlineGate(latencies, later),
                new ConcurrencyCap(slots, later, sleeper), new BreakerGate(breakers), new AttemptTimeout()),
                new UpstreamAttempt(upstream, clock, latencies, quotas));
    }

    static ModelStep of(List<ModelPolicy> outermostFirst, ModelStep call) {
        ModelStep step = unlessHalted(call);
        for (int i = outermostFirst.size() - 1; i >= 0; i--) {
            ModelPolicy policy = outermostFirst.get(i);
            ModelStep inner = step;
            step = unlessHalted(attempt -> policy.apply(attempt, inner));
        }
        return step;
    }

    private static ModelStep unlessHalted(ModelStep step) {
        return attempt -> attempt.run().done() ? CompletableFuture.completedFuture(ModelResult.HALTED)
                : step.run(attempt);
    }
}
