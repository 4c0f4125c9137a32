package dev.llmproxy.domain.security;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts in this process: an instance's own while the shared store cannot be reached, and the exact counts of an
 * instance alone on its database.
 */
public final class InMemorySignInFailures implements SignInFailures {

    /** Past this many keys the expired ones are dropped, so a scan over many names cannot grow it without bound. */
    private static final int SWEEP_ABOVE = 10_000;

    /** Each key's count with the end its window was given when it started. */
    private final Map<String, Count> counts = new HashMap<>();

    @Override
    public synchronized Map<String, Count> counts(List<String> keys, Instant now, Duration window) {
        Map<String, Count> out = new HashMap<>();
        for (String key : keys) {
            Count running = running(counts.get(key), now, window);
            if (running != null) {
                out.put(key, running);
            }
        }
        return out;
    }

    @Override
    public synchronized Map<String, Count> add(List<String> keys, Instant now, Duration window) {
        if (counts.size() > SWEEP_ABOVE) {
            counts.values().removeIf(c -> running(c, now, window) == null);
        }
        Map<String, Count> out = new HashMap<>();
        for (String key : keys) {
            Count stored = counts.get(key);
            Count next = running(stored, now, window) == null ? new Count(1, now, now.plus(window))
                    : new Count(stored.failures() + 1, stored.windowStart(), stored.windowEnd());
            counts.put(key, next);
            out.put(key, running(next, now, window));
        }
        return out;
    }

    /** Takes in a count kept elsewhere (read back from a database at start) where it is larger than this one's. */
    public synchronized void remember(String key, Count count) {
        Count own = counts.get(key);
        if (own == null || own.failures() < count.failures()) {
            counts.put(key, count);
        }
    }

    /** The count as it stands under the window in force, or null when its window has ended. */
    private static Count running(Count stored, Instant now, Duration window) {
        if (stored == null) {
            return null;
        }
        Instant end = SignInFailures.endOf(stored.windowStart(), stored.windowEnd(), window);
        return now.isBefore(end) ? new Count(stored.failures(), stored.windowStart(), end) : null;
    }

    @Override
    public synchronized void clear(String key) {
        counts.remove(key);
    }

    @Override
    public synchronized int clearAll() {
        int n = counts.size();
        counts.clear();
        return n;
    }
}
