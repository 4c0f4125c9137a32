package dev.llmproxy.domain.routing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Models that answered 429, skipped until their Retry-After (or the default cooldown) has passed: quotas are
 * per model, so later requests go straight to a model that can answer.
 */
public final class RateLimitCooldowns {

    private final Clock clock;
    private final ConcurrentMap<String, Instant> until = new ConcurrentHashMap<>();

    public RateLimitCooldowns(Clock clock) {
        this.clock = clock;
    }

    public void coolDown(String model, Duration duration) {
        Instant end = clock.instant().plus(duration);
        until.merge(model, end, (a, b) -> a.isAfter(b) ? a : b);
    }

    /** Time left before the model may be called again, if it is cooling down. */
    public Optional<Duration> remaining(String model) {
        Instant end = until.get(model);
        if (end == null) {
            return Optional.empty();
        }
        Duration left = Duration.between(clock.instant(), end);
        if (left.isNegative() || left.isZero()) {
            until.remove(model, end);
            return Optional.empty();
        }
        return Optional.of(left);
    }

    public void clear(String model) {
        until.remove(model);
    }
}
