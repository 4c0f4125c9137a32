package dev.llmproxy.domain.breaker;

import java.time.Duration;
import java.util.Objects;

/**
 * When a model's circuit breaker opens and how it recovers. Immutable; the builder rejects bad values with a message
 * naming the field.
 *
 * @param failureThreshold    health failures within {@code window} that open the breaker
 * @param consecutiveFailures health failures in a row that open it
 * @param cooldown            how long it stays open before probes are let through
 * @param halfOpenProbes      probes allowed in flight at once while half-open
 * @param successThreshold    successful probes that close it
 */
public record BreakerPolicy(int failureThreshold, Duration window, int consecutiveFailures, Duration cooldown,
                            int halfOpenProbes, int successThreshold) {

    public static final BreakerPolicy DEFAULT = builder().build();

    public BreakerPolicy {
        positive("failureThreshold", failureThreshold);
        positive("consecutiveFailures", consecutiveFailures);
        positive("halfOpenProbes", halfOpenProbes);
        positive("successThreshold", successThreshold);
        positive("window", window);
        positive("cooldown", cooldown);
    }

    private static void positive(String field, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(field + " must be at least 1, was " + value);
        }
    }

    private static void positive(String field, Duration value) {
        Objects.requireNonNull(value, field);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(field + " must be positive, was " + value);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {
        private int failureThreshold = 3;
        private Duration window = Duration.ofMinutes(5);
        private int consecutiveFailures = 5;
        private Duration cooldown = Duration.ofSeconds(30);
        private int halfOpenProbes = 1;
        private int successThreshold = 2;

        public Builder failureThreshold(int n) { this.failureThreshold = n; return this; }
        public Builder window(Duration d) { this.window = d; return this; }
        public Builder consecutiveFailures(int n) { this.consecutiveFailures = n; return this; }
        public Builder cooldown(Duration d) { this.cooldown = d; return this; }
        public Builder halfOpenProbes(int n) { this.halfOpenProbes = n; return this; }
        public Builder successThreshold(int n) { this.successThreshold = n; return this; }

        public BreakerPolicy build() {
            return new BreakerPolicy(failureThreshold, window, consecutiveFailures, cooldown, halfOpenProbes,
                    successThreshold);
        }
    }
}
