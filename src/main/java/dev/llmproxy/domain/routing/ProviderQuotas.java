package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.upstream.QuotaReading;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * What each model's provider last said of its rate limits, so that a spent quota is seen before a 429 says so. A
 * model with no requests (or no tokens) left is cooled down until its limit resets, like a model that answered 429,
 * and on every instance that shares cooldowns; one with fewer tokens left than a request needs is passed over for that
 * request only. A limit without a reset time is not acted on: a 429 will tell.
 */
public final class ProviderQuotas {

    /**
     * The last reading of a model's limits, with when each resets (null when not said).
     *
     * @param heard when it was read
     */
    public record Headroom(Long requestsLeft, Instant requestsReset, Long tokensLeft, Instant tokensReset,
                           Instant heard) {
    }

    private final Clock clock;
    private final RateLimitCooldowns cooldowns;
    private final ConcurrentMap<String, Headroom> latest = new ConcurrentHashMap<>();

    public ProviderQuotas(Clock clock, RateLimitCooldowns cooldowns) {
        this.clock = clock;
        this.cooldowns = cooldowns;
    }

    public void heard(String model, QuotaReading reading) {
        if (reading.empty()) {
            return;
        }
        Instant now = clock.instant();
        if (spent(reading.requestsLeft(), reading.requestsReset())) {
            cooldowns.coolDown(model, reading.requestsReset());
        }
        if (spent(reading.tokensLeft(), reading.tokensReset())) {
            cooldowns.coolDown(model, reading.tokensReset());
        }
        latest.put(model, new Headroom(reading.requestsLeft(), at(now, reading.requestsReset()), reading.tokensLeft(),
                at(now, reading.tokensReset()), now));
    }

    /** Tokens the model's limit has left now, if its provider said so and the window it spoke of has not reset. */
    public OptionalLong tokensLeft(String model) {
        Headroom h = latest.get(model);
        if (h == null || h.tokensLeft() == null || h.tokensReset() == null
                || !h.tokensReset().isAfter(clock.instant())) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(h.tokensLeft());
    }

    /** How long the model is still passed over, after a 429 or a spent quota. */
    public Optional<Duration> coolingFor(String model) {
        return cooldowns.remaining(model);
    }

    /** The model's last reading, if any. */
    public Optional<Headroom> latest(String model) {
        return Optional.ofNullable(latest.get(model));
    }

    private static boolean spent(Long left, Duration reset) {
        return left != null && left <= 0 && reset != null && !reset.isNegative() && !reset.isZero();
    }

    private static Instant at(Instant now, Duration after) {
        return after == null ? null : now.plus(after);
    }
}
