package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.breaker.CircuitBreaker;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.Verdict;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The breaker permit of a run's attempt in flight. A permit must be reported exactly once, and two threads may try:
 * the one that classifies the reply and the one that cancels the run. Whoever takes it reports it.
 */
final class InFlightPermit {

    private record Held(CircuitBreaker breaker, CircuitBreaker.Permit permit) { }

    private final AtomicReference<Held> held = new AtomicReference<>();

    void hold(CircuitBreaker breaker, CircuitBreaker.Permit permit) {
        held.set(new Held(breaker, permit));
    }

    /** Tells the model's breaker what the attempt says about its health. */
    void report(Verdict verdict, String reason) {
        Held h = held.getAndSet(null);
        if (h == null) {
            return;
        }
        if (verdict.breakerFailure()) {
            h.breaker().onFailure(h.permit(), reason);
        } else if (verdict.outcome() == Outcome.SUCCESS || verdict.outcome().truncated()) {
            h.breaker().onSuccess(h.permit());
        } else {
            h.breaker().onNeutral(h.permit());
        }
    }

    /** The run was cancelled: a client gone says nothing about the model. */
    void releaseNeutral() {
        Held h = held.getAndSet(null);
        if (h != null) {
            h.breaker().onNeutral(h.permit());
        }
    }
}
