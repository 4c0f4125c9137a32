package dev.llmproxy.domain.limits;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;

/**
 * Windows the shared store has said are full, and until when. A full window stays full until its room returns (no
 * instance can add to it meanwhile), so a caller refused until T may be refused again before T without asking the
 * store: exact, and it costs a map look-up instead of a transaction. The window's maximum is part of what is
 * remembered, so a limit changed meanwhile is asked about afresh.
 *
 * <p>The refusals answered from memory form a run per window, counted here and handed out once the window has room
 * again ({@link #ended}), so that a flood leaves one record per caller and window rather than one per request.
 *
 * @param <C> what the first refusal of a run says of itself (its request and caller), for the run's record
 */
public final class RefusalMemory<C> {

    /** Past this many windows the ended ones are dropped at once, so a scan over many addresses stays bounded. */
    private static final int SWEEP_ABOVE = 100_000;

    /**
     * A run of refusals answered from memory.
     *
     * @param first   what the first of them said of itself
     * @param refused the store's refusal the run repeats
     */
    public record Run<C>(C first, Decision.Refused refused, int count, Instant firstAt, Instant lastAt) {
    }

    /** A full window: until when, the refusal that said so, and the run answered from memory since (null: none). */
    private record Full<C>(Instant until, Decision.Refused refused, Run<C> run) {
        Full<C> again(Instant now, Function<Decision.Refused, C> first) {
            Run<C> next = run == null ? new Run<>(first.apply(refused), refused, 1, now, now)
                    : new Run<>(run.first(), refused, run.count() + 1, run.firstAt(), now);
            return new Full<>(until, refused, next);
        }
    }

    private final Map<String, Full<C>> full = new ConcurrentHashMap<>();
    private final Queue<Run<C>> ended = new ConcurrentLinkedQueue<>();

    /**
     * A refusal from memory when one of the buckets' windows is known to be full now (counted in its run), else null:
     * then the store decides.
     *
     * @param first what a run's first refusal says of itself, given the store's refusal it repeats
     */
    public Decision.Refused recall(List<Bucket> buckets, Instant now, Function<Decision.Refused, C> first) {
        if (full.isEmpty()) {
            return null;
        }
        for (Bucket b : buckets) {
            for (Window w : b.windows()) {
                Full<C> hit = full.computeIfPresent(key(b.countsKey(w), w),
                        (k, f) -> now.isBefore(f.until()) ? f.again(now, first) : f);
                if (hit != null && now.isBefore(hit.until())) {
                    Decision.Refused r = hit.refused();
                    return new Decision.Refused(r.bucketKey(), r.limit(), Duration.between(now, hit.until()));
                }
            }
        }
        return null;
    }

    /** The store refused: that window is full until the refusal's retry-after. */
    public void remember(Decision.Refused refused, Instant now) {
        Instant until = now.plus(refused.retryAfter());
        full.compute(key(refused.countsKey(), refused.limit()), (k, before) -> {
            endRun(before);
            return new Full<>(until, refused, null);
        });
        if (full.size() > SWEEP_ABOVE) {
            ended(now);
        }
    }

    /** The runs over by now (their window has room again, or the store refused anew), each handed out once. */
    public List<Run<C>> ended(Instant now) {
        for (String key : full.keySet()) {
            full.computeIfPresent(key, (k, f) -> {
                if (now.isBefore(f.until())) {
                    return f;
                }
                endRun(f);
                return null;
            });
        }
        return drain();
    }

    /** Every run, over or not (the instance is stopping); the windows stay remembered. */
    public List<Run<C>> all() {
        for (String key : full.keySet()) {
            full.computeIfPresent(key, (k, f) -> {
                endRun(f);
                return new Full<>(f.until(), f.refused(), null);
            });
        }
        return drain();
    }

    private void endRun(Full<C> f) {
        if (f != null && f.run() != null) {
            ended.add(f.run());
        }
    }

    private List<Run<C>> drain() {
        List<Run<C>> out = new ArrayList<>();
        for (Run<C> r = ended.poll(); r != null; r = ended.poll()) {
            out.add(r);
        }
        return out;
    }

    /** The window's counts key and its maximum: a changed limit is another key. */
    private static String key(String countsKey, Window w) {
        return countsKey + "|" + w.max();
    }
}
