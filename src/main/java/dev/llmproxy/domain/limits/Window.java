package dev.llmproxy.domain.limits;

import java.time.Duration;
import java.util.Objects;

/**
 * One sliding-window limit: at most {@code max} requests in any period of {@code length}.
 *
 * @param name the limit's name as callers and auditors see it (the setting it comes from, e.g. {@code ipLimitPerMinute})
 */
public record Window(String name, Duration length, int max) {
    public Window {
        Objects.requireNonNull(name, "name");
        if (length == null || length.isZero() || length.isNegative()) {
            throw new IllegalArgumentException("window " + name + ": length must be positive");
        }
        if (max < 1) {
            throw new IllegalArgumentException("window " + name + ": max must be at least 1 (was " + max + ")");
        }
    }
}
