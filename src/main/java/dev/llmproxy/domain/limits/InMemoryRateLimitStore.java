package dev.llmproxy.domain.limits;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The per-instance store: the limiter's fallback when the shared store is unreachable, and the store of choice for a
 * single instance. Buckets idle for longer than {@code idleAfter} are forgotten so that a scan over many addresses
 * cannot grow it without bound.
 */
public final class InMemoryRateLimitStore implements RateLimitStore {

    private static final int SWEEP_EVERY = 4096;

    private final Map<String, SlidingLog> logs = new ConcurrentHashMap<>();
    private final Duration idleAfter;
    private int takes;

    public InMemoryRateLimitStore(Duration idleAfter) {
        this.idleAfter = idleAfter;
    }

    @Override
    public synchronized Decision take(List<Bucket> buckets, Instant now) {
        long t = now.toEpochMilli();
        for (Bucket b : buckets) {
            Decision.Refused refused = logs.getOrDefault(b.key(), SlidingLog.EMPTY).check(b, t);
            if (refused != null) {
                return refused;
            }
        }
        for (Bucket b : buckets) {
            logs.put(b.key(), logs.getOrDefault(b.key(), SlidingLog.EMPTY).record(b, t));
        }
        if (++takes % SWEEP_EVERY == 0) {
            sweep(t);
        }
        return Decision.ALLOWED;
    }

    /** Buckets currently held (for tests and metrics). */
    public int size() {
        return logs.size();
    }

    private void sweep(long now) {
        long cutoff = now - idleAfter.toMillis();
        List<String> idle = new ArrayList<>();
        logs.forEach((k, log) -> {
            if (log.idleSince(cutoff)) {
                idle.add(k);
            }
        });
        idle.forEach(logs::remove);
    }

    /** Forgets buckets idle for longer than {@code idleAfter} now, rather than at the next sweep. */
    public synchronized void sweepNow(Instant now) {
        sweep(now.toEpochMilli());
    }
}
