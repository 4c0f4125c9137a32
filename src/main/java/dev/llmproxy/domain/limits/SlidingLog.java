package dev.llmproxy.domain.limits;

import java.time.Duration;
import java.util.Arrays;

/**
 * The times (epoch ms, ascending) of the requests a bucket allowed. A request is allowed when every window of the
 * bucket holds fewer than its maximum; only allowed requests are entered, so a refused flood does not lock a client
 * out for longer than the window. Exact: no boundary where the allowance doubles, as fixed buckets have.
 * Immutable; {@link #encode} and {@link #decode} give the text form the shared store keeps.
 */
public final class SlidingLog {

    public static final SlidingLog EMPTY = new SlidingLog(new long[0]);

    private final long[] times;

    private SlidingLog(long[] times) {
        this.times = times;
    }

    public static SlidingLog of(long... times) {
        long[] copy = times.clone();
        Arrays.sort(copy);
        return new SlidingLog(copy);
    }

    public int size() {
        return times.length;
    }

    /** @return null when the bucket has room now, else the refusal naming the first full window */
    public Decision.Refused check(Bucket bucket, long now) {
        for (Window w : bucket.windows()) {
            long from = now - w.length().toMillis();
            int first = firstAfter(from);
            int inWindow = times.length - first;
            if (inWindow >= w.max()) {
                // room returns when enough of the oldest entries have left the window
                long freesAt = times[times.length - w.max()] + w.length().toMillis();
                return new Decision.Refused(bucket.key(), w, Duration.ofMillis(Math.max(1, freesAt - now)));
            }
        }
        return null;
    }

    /** This log with {@code now} entered and entries past the bucket's horizon or capacity dropped. */
    public SlidingLog record(Bucket bucket, long now) {
        int first = firstAfter(now - bucket.horizon().toMillis());
        int keep = Math.min(times.length - first, bucket.capacity() - 1);
        long[] next = new long[keep + 1];
        System.arraycopy(times, times.length - keep, next, 0, keep);
        next[keep] = Math.max(now, keep == 0 ? now : next[keep - 1]);
        return new SlidingLog(next);
    }

    /** Whether every entry is at or before {@code cutoff} (epoch ms): such a bucket can be forgotten. */
    public boolean idleSince(long cutoff) {
        return times.length == 0 || times[times.length - 1] <= cutoff;
    }

    private int firstAfter(long from) {
        int i = 0;
        while (i < times.length && times[i] <= from) {
            i++;
        }
        return i;
    }

    /**
     * Text form: the times in epoch ms, ascending, comma-separated ("" when empty). The PostgreSQL function of the
     * shared store reads and writes the same form.
     */
    public String encode() {
        StringBuilder sb = new StringBuilder(times.length * 14);
        for (int i = 0; i < times.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(times[i]);
        }
        return sb.toString();
    }

    public static SlidingLog decode(String text) {
        if (text == null || text.isEmpty()) {
            return EMPTY;
        }
        String[] parts = text.split(",");
        long[] times = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            times[i] = Long.parseLong(parts[i]);
        }
        return of(times);
    }

    long[] times() {
        return times.clone();
    }
}
