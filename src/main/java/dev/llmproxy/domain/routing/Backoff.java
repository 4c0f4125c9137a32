package dev.llmproxy.domain.routing;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Jittered exponential backoff: the n-th retry waits between half and all of min(max, initial * 2^(n-1)),
 * so retries of many requests do not arrive in lockstep.
 */
public final class Backoff {

    private final Duration initial;
    private final Duration max;
    private final DoubleSupplier random;

    /** @param random uniform values in [0, 1) */
    public Backoff(Duration initial, Duration max, DoubleSupplier random) {
        if (initial.isNegative()) throw new IllegalArgumentException("backoffInitialMs must not be negative");
        if (max.compareTo(initial) < 0) throw new IllegalArgumentException("backoffMaxMs must be at least backoffInitialMs");
        this.initial = initial;
        this.max = max;
        this.random = random;
    }

    /** @param retry 1 for the first retry */
    public Duration delay(int retry) {
        if (retry < 1) throw new IllegalArgumentException("retry must be at least 1");
        long initialMs = initial.toMillis();
        long base = retry > 40 ? max.toMillis() : Math.min(max.toMillis(), initialMs << Math.min(retry - 1, 30));
        if (base < 0) base = max.toMillis();
        long half = base / 2;
        return Duration.ofMillis(half + (long) (random.getAsDouble() * (base - half)));
    }
}
