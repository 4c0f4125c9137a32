package dev.llmproxy.domain.routing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;

/**
 * Models that answered 429, skipped until their Retry-After (or the default cooldown) has passed: quotas are
 * per model, so later requests go straight to a model that can answer. A cooldown this instance starts is announced
 * (to the other instances, when they share a store), and one another instance started is taken in as if seen here.
 */
public final class RateLimitCooldowns {

    /** A model not to be called before {@code until}. */
    public record Cooldown(String model, Instant until) {
    }

    /**
     * The longest a model is skipped for one 429 or one spent quota: a provider's reset rarely says more, after it
     * one call finds out again, and a cooldown told by an instance that does not exist cannot silence a model for
     * long.
     */
    public static final Duration LONGEST = Duration.ofHours(1);

    private final Clock clock;
    private final Consumer<Cooldown> announce;
    private final ConcurrentMap<String, Instant> until = new ConcurrentHashMap<>();

    public RateLimitCooldowns(Clock clock) {
        this(clock, c -> { });
    }

    /** @param announce told of each cooldown this instance starts or lengthens (never of one it heard of) */
    public RateLimitCooldowns(Clock clock, Consumer<Cooldown> announce) {
        this.clock = clock;
        this.announce = announce;
    }

    public void coolDown(String model, Duration duration) {
        Instant end = clock.instant().plus(duration.compareTo(LONGEST) > 0 ? LONGEST : duration);
        if (later(model, end)) {
            announce.accept(new Cooldown(model, end));
        }
    }

    /** A cooldown another instance started: held here too (at most {@link #LONGEST}), and not announced again. */
    public void heard(Cooldown cooldown) {
        Instant now = clock.instant();
        if (cooldown.until().isAfter(now)) {
            Instant longest = now.plus(LONGEST);
            later(cooldown.model(), cooldown.until().isAfter(longest) ? longest : cooldown.until());
        }
    }

    /** Whether {@code end} is now the model's cooldown (none ran, or it ended sooner). */
    private boolean later(String model, Instant end) {
        return until.merge(model, end, (a, b) -> a.isAfter(b) ? a : b).equals(end);
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
