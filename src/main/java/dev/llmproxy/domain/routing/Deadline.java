package dev.llmproxy.domain.routing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/** The whole-request budget: no attempt starts past it, and each attempt's timeout is capped by what is left. */
public final class Deadline {

    private final Clock clock;
    private final Instant end;

    public Deadline(Clock clock, Duration budget) {
        this.clock = clock;
        this.end = clock.instant().plus(budget);
    }

    public Duration remaining() {
        Duration left = Duration.between(clock.instant(), end);
        return left.isNegative() ? Duration.ZERO : left;
    }

    public boolean expired() {
        return !clock.instant().isBefore(end);
    }

    /** The smaller of the limit and what is left. */
    public Duration cap(Duration limit) {
        Duration left = remaining();
        return left.compareTo(limit) < 0 ? left : limit;
    }
}
