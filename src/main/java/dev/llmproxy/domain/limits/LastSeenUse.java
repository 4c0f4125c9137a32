package dev.llmproxy.domain.limits;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the shared store last showed this instance of each window (how many requests it held, and when), so that
 * while the store is unreachable this instance allows its share of what was <em>left</em> of a limit, not of the
 * whole limit: a key that had used 10 of its 10 a minute gets nothing more until those requests leave the window.
 *
 * <p>The requests seen are taken to stay in the window for a whole window length after they were seen (they may leave
 * sooner); after that the share is of the whole limit again. A share never shrinks as time passes, so the requests
 * this instance allowed in any window never exceed the share in force at the window's end.
 */
public final class LastSeenUse {

    /** Longer than the longest window: what was seen earlier no longer bounds anything. */
    private static final Duration FORGET_AFTER = Duration.ofHours(2);

    private record Seen(int used, Instant at) {
    }

    private final Map<String, Seen> seen = new ConcurrentHashMap<>();

    /** What the shared store decided: the counts it reports, or a full window for a refusal. */
    public void saw(Decision decision, Instant at) {
        if (decision instanceof Decision.Allowed allowed) {
            allowed.used().forEach((key, used) -> seen.put(key, new Seen(used, at)));
        } else if (decision instanceof Decision.Refused refused) {
            seen.put(refused.countsKey(), new Seen(refused.limit().max(), at));
        }
    }

    /**
     * The bucket as one of {@code instances} instances enforces it alone, or a refusal when some window has nothing
     * left to share. A window's share is what was left of it when last seen, divided among the instances and rounded
     * down; a window never seen in use keeps at least 1 (a limit of 1 over two instances still lets a request through).
     */
    public Share share(Bucket bucket, int instances, Instant now) {
        int n = Math.max(1, instances);
        List<Window> windows = new ArrayList<>(bucket.windows().size());
        for (Window w : bucket.windows()) {
            Seen s = seen.get(bucket.countsKey(w));
            boolean inWindow = s != null && now.isBefore(s.at().plus(w.length()));
            int used = inWindow ? Math.min(s.used(), w.max()) : 0;
            int share = (w.max() - used) / n;
            if (used == 0) {
                share = Math.max(1, share);
            }
            if (share < 1) {
                return new Share(null, new Decision.Refused(bucket.key(), w,
                        Duration.between(now, s.at().plus(w.length()))));
            }
            windows.add(new Window(w.name(), w.length(), share));
        }
        return new Share(new Bucket(bucket.key(), windows), null);
    }

    /** Drops what no longer bounds anything (so a scan over many addresses cannot grow it without bound). */
    public void sweep(Instant now) {
        Instant cutoff = now.minus(FORGET_AFTER);
        seen.values().removeIf(s -> s.at().isBefore(cutoff));
    }

    /** How many windows are remembered (for tests). */
    public int size() {
        return seen.size();
    }

    /** Either a bucket to count this instance's share against, or a refusal: nothing was left to share. */
    public record Share(Bucket bucket, Decision.Refused refused) {
    }
}
