package dev.llmproxy.domain.breaker;

import java.time.Instant;
import java.util.ArrayDeque;

/**
 * A closed breaker's count of health failures, kept two ways: within the policy's window, and in a row (a success
 * ends a run). Not thread-safe: its breaker's lock guards it.
 */
final class FailureCount {

    private final ArrayDeque<Instant> recent = new ArrayDeque<>();
    private int inARow;

    void succeeded() {
        inARow = 0;
    }

    /** @return why the breaker opens after this failure, or null while it stays closed */
    String failed(Instant now, BreakerPolicy policy, String reason) {
        inARow++;
        recent.addLast(now);
        Instant horizon = now.minus(policy.window());
        while (!recent.isEmpty() && !recent.getFirst().isAfter(horizon)) {
            recent.removeFirst();
        }
        if (inARow >= policy.consecutiveFailures()) {
            return inARow + " failures in a row; last: " + reason;
        }
        if (recent.size() >= policy.failureThreshold()) {
            return recent.size() + " failures within " + policy.window().toSeconds() + " s; last: " + reason;
        }
        return null;
    }

    void clear() {
        recent.clear();
        inARow = 0;
    }
}
