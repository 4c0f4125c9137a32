package dev.llmproxy.infrastructure.upstream;

import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Reads a Retry-After header: delay-seconds or an HTTP date. */
public final class RetryAfter {

    private static final Duration MAX = Duration.ofHours(24);

    private RetryAfter() {
    }

    /** @return the delay, or null when absent or unreadable */
    public static Duration parse(String header, Clock clock) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String value = header.trim();
        try {
            long seconds = Long.parseLong(value);
            return seconds < 0 ? null : min(Duration.ofSeconds(seconds));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration d = Duration.between(clock.instant(), at.toInstant());
                return d.isNegative() ? Duration.ZERO : min(d);
            } catch (DateTimeParseException e) {
                return null;
            }
        }
    }

    private static Duration min(Duration d) {
        return d.compareTo(MAX) > 0 ? MAX : d;
    }
}
