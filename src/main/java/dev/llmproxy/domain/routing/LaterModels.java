package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.breaker.BreakerState;
import dev.llmproxy.domain.breaker.Breakers;

/**
 * Whether a later model of the chain could still be called: one not cooling down and whose circuit is not open. A
 * forecast (too slow, at its cap) may pass a model over only then, so it never leaves a request without a model.
 */
final class LaterModels {

    private final RateLimitCooldowns cooldowns;
    private final Breakers breakers;

    LaterModels(RateLimitCooldowns cooldowns, Breakers breakers) {
        this.cooldowns = cooldowns;
        this.breakers = breakers;
    }

    boolean callableAfter(ModelTry attempt) {
        return attempt.run().plan().anyAfter(attempt.index(), name -> cooldowns.remaining(name).isEmpty()
                && breakers.of(name).state() != BreakerState.OPEN);
    }
}
