package dev.llmproxy.domain.security;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** This instance's own counts: the throttle's fallback while the database cannot be reached. */
public final class InMemorySignInFailures implements SignInFailures {

    /** Past this many keys the expired ones are dropped, so a scan over many names cannot grow it without bound. */
    private static final int SWEEP_ABOVE = 10_000;

    private final Map<String, Count> counts = new HashMap<>();

    @Override
    public synchronized Map<String, Count> counts(List<String> keys, Instant now, Duration window) {
        Map<String, Count> out = new HashMap<>();
        for (String key : keys) {
            Count c = counts.get(key);
            if (c != null && now.isBefore(c.windowEnd(window))) {
                out.put(key, c);
            }
        }
        return out;
    }

    @Override
    public synchronized Map<String, Count> add(List<String> keys, Instant now, Duration window) {
        if (counts.size() > SWEEP_ABOVE) {
            counts.values().removeIf(c -> !now.isBefore(c.windowEnd(window)));
        }
        Map<String, Count> out = new HashMap<>();
        for (String key : keys) {
            Count c = counts.get(key);
            Count next = c == null || !now.isBefore(c.windowEnd(window)) ? new Count(1, now)
                    : new Count(c.failures() + 1, c.windowStart());
            counts.put(key, next);
            out.put(key, next);
        }
        return out;
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
