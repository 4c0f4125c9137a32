package dev.llmproxy.domain.limits;

import java.util.List;

/**
 * One counted thing (a hashed client address, a key, a client within a scope) and the windows that bound it; each
 * window keeps its own counts (see {@link WindowCounts}) under {@link #countsKey}.
 *
 * @param key unique name of the bucket in the store, e.g. {@code ip:3fa1...}; never a raw address
 */
public record Bucket(String key, List<Window> windows) {
    public Bucket {
        if (key == null || key.isBlank() || key.length() > 180) {
            throw new IllegalArgumentException("bucket key must have 1 to 180 characters");
        }
        if (windows == null || windows.isEmpty()) {
            throw new IllegalArgumentException("bucket " + key + ": at least one window is needed");
        }
        windows = List.copyOf(windows);
    }

    /** Where a window's counts are kept: the bucket and the window's length (one row each in the shared store). */
    public String countsKey(Window w) {
        return countsKey(key, w);
    }

    /** {@link #countsKey(Window)} of the bucket with that key. */
    static String countsKey(String bucketKey, Window w) {
        return bucketKey + "|" + w.length().toMillis();
    }
}
