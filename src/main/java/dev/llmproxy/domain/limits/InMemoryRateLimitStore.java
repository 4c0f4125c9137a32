package dev.llmproxy.domain.limits;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The store in this process: exact for an instance that is alone on its database, and the limiter's fallback when
 * the shared store is unreachable. Counts idle for longer than {@code idleAfter} are forgotten so that a scan over
 * many addresses cannot grow it without bound. One that remembers notes which counts changed, for a copy kept
 * elsewhere ({@link #changed}), and takes such a copy back ({@link #restore}).
 */
public final class InMemoryRateLimitStore implements RateLimitStore {

    private static final int SWEEP_EVERY = 4096;

    private final Map<String, Entry> counts = new HashMap<>();
    private final Set<String> changed = new HashSet<>();
    private final Duration idleAfter;
    private final boolean remembers;
    private int takes;

    private record Entry(Window window, WindowCounts counts) {
    }

    public InMemoryRateLimitStore(Duration idleAfter) {
        this(idleAfter, false);
    }

    /** @param remembers whether it notes the counts that change, for a copy kept elsewhere */
    public InMemoryRateLimitStore(Duration idleAfter, boolean remembers) {
        this.idleAfter = idleAfter;
        this.remembers = remembers;
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
                if (remembers) {
                    changed.add(b.countsKey(w));
                }
            }
        }
        if (++takes % SWEEP_EVERY == 0) {
            sweepNow(now);
        }
        return Decision.ALLOWED;
    }

    /** The counts that changed since the last call (by {@link Bucket#countsKey}); from now on, none have. */
    public synchronized Map<String, WindowCounts> changed() {
        Map<String, WindowCounts> out = new HashMap<>();
        for (String key : changed) {
            Entry e = counts.get(key);
            if (e != null) {
                out.put(key, e.counts());
            }
        }
        changed.clear();
        return out;
    }

    /** How many counts changed since the last {@link #changed} call. */
    public synchronized int unwritten() {
        return changed.size();
    }

    /** Counts whose copy failed: noted as changed again, for the next copy. */
    public synchronized void unsaved(Set<String> keys) {
        changed.addAll(keys);
    }

    /**
     * Counts kept elsewhere, taken back as they were. Each key names its window's length, which is all that counting
     * down an idle window needs until the next request enters it under its full limit.
     */
    public synchronized void restore(Map<String, WindowCounts> saved) {
        saved.forEach((key, c) -> {
            int bar = key.lastIndexOf('|');
            long millis = bar < 0 ? -1 : parse(key.substring(bar + 1));
            if (millis > 0) {
                counts.putIfAbsent(key, new Entry(new Window("restored", Duration.ofMillis(millis), 1), c));
            }
        });
    }

    private static long parse(String millis) {
        try {
            return Long.parseLong(millis);
        } catch (NumberFormatException notALength) {
            return -1;
        }
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
