package dev.llmproxy.domain.limits;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-instance store: the limiter's fallback when the shared store is unreachable. Counts idle for longer than
 * {@code idleAfter} are forgotten so that a scan over many addresses cannot grow it without bound.
 */
public final class InMemoryRateLimitStore implements RateLimitStore {

    private static final int SWEEP_EVERY = 4096;

    private final Map<String, Entry> counts = new HashMap<>();
    private final Duration idleAfter;
    private int takes;

    private record Entry(Window window, WindowCounts counts) {
    }

    public InMemoryRateLimitStore(Duration idleAfter) {
        this.idleAfter = idleAfter;
    }

    @Override
    public synchronized Decision take(List<Bucket> buckets, Instant now) {
        long t = now.toEpochMilli();
        for (Bucket b : buckets) {
            for (Window w : b.windows()) {
                Entry e = counts.get(b.countsKey(w));
                Duration wait = (e == null ? WindowCounts.EMPTY : e.counts()).refusal(w, t);
                if (wait != null) {
                    return new Decision.Refused(b.key(), w, wait);
                }
            }
        }
        for (Bucket b : buckets) {
            for (Window w : b.windows()) {
                Entry e = counts.get(b.countsKey(w));
                counts.put(b.countsKey(w), new Entry(w, (e == null ? WindowCounts.EMPTY : e.counts()).record(w, t)));
            }
        }
        if (++takes % SWEEP_EVERY == 0) {
            sweepNow(now);
        }
        return Decision.ALLOWED;
    }

    /** Counts currently held (for tests). */
    public synchronized int size() {
        return counts.size();
    }

    /** Forgets counts idle for longer than {@code idleAfter} now, rather than at the next sweep. */
    public synchronized void sweepNow(Instant now) {
        long cutoff = now.toEpochMilli() - idleAfter.toMillis();
        counts.values().removeIf(e -> e.counts().idleSince(e.window(), cutoff));
    }
}
