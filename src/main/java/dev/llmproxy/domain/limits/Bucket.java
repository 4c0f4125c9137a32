package dev.llmproxy.domain.limits;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;

/**
 * One counted thing (a hashed client address, a key, a client within a scope) and the windows that bound it. All
 * windows of a bucket share one log of the times of its allowed requests.
 *
 * @param key unique name of the bucket in the store, e.g. {@code ip:3fa1...}; never a raw address
 */
public record Bucket(String key, List<Window> windows) {
    public Bucket {
        if (key == null || key.isBlank() || key.length() > 200) {
            throw new IllegalArgumentException("bucket key must have 1 to 200 characters");
        }
        if (windows == null || windows.isEmpty()) {
            throw new IllegalArgumentException("bucket " + key + ": at least one window is needed");
        }
        windows = List.copyOf(windows);
    }

    /** The longest window: entries older than it no longer matter. */
    public Duration horizon() {
        return windows.stream().map(Window::length).max(Comparator.naturalOrder()).orElseThrow();
    }

    /** The most entries the log ever needs to hold. */
    public int capacity() {
        return windows.stream().mapToInt(Window::max).max().orElseThrow();
    }
}
