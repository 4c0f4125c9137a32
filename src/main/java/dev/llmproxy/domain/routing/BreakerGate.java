package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.breaker.CircuitBreaker;
import dev.llmproxy.domain.failure.Outcome;

import java.util.concurrent.CompletableFuture;

/**
 * The model's circuit breaker: while it is open the model is passed over without a call; when it lets a call through
 * (closed, or a half-open probe), the attempt's verdict is reported to it exactly once. This is the last gate before
 * the call, so a permit taken here is always reported and a probe slot is never lost.
 */
final class BreakerGate implements ModelPolicy {

    private final Breakers breakers;

    BreakerGate(Breakers breakers) {
        this.breakers = breakers;
    }

    @Override
    public CompletableFuture<ModelResult> apply(ModelTry attempt, ModelStep inner) {
        CircuitBreaker breaker = breakers.of(attempt.model());
        CircuitBreaker.Permit granted = breaker.tryAcquire();
        if (granted == CircuitBreaker.Permit.REFUSED) {
            attempt.run().log().skipped(attempt.model(), Outcome.SKIPPED_BREAKER_OPEN, "not called: circuit open"
                    + breaker.untilProbe().map(d -> ", next probe in " + ChainMessages.ceilSeconds(d) + " s").orElse(""));
            return CompletableFuture.completedFuture(ModelResult.SKIPPED);
        }
        InFlightPermit permit = attempt.run().permit();
        permit.hold(breaker, granted);
        return inner.run(attempt).thenApply(result -> {
            if (result instanceof ModelResult.Answered a) {
                permit.report(a.verdict(), a.reason());
            } else {
                permit.releaseNeutral(); // the run ended meanwhile: a client gone says nothing about the model
            }
            return result;
        });
    }
}
