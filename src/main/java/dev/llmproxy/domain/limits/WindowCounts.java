package dev.llmproxy.domain.limits;

import java.time.Duration;
import java.util.Arrays;

/**
 * The allowed requests of one window of one bucket, counted in {@value #SLOTS} slots of the window's length (one
 * second for a minute, one minute for an hour). A request is allowed when the slots that overlap the last window
 * length hold fewer than its maximum. Counting the oldest overlapping slot whole errs on the safe side: no span of
 * the window's length ever holds more than the maximum (fixed buckets allow twice that across a boundary), and room
 * returns at most one slot late. The cost per request is bounded by the slot count, whatever the maximum.
 * Immutable; {@link #encode}/{@link #decode} give the text form the shared store keeps.
 */
public final class WindowCounts {

    public static final int SLOTS = 60;
    public static final WindowCounts EMPTY = new WindowCounts(new long[0], new int[0]);

    /** Slot numbers (epoch ms / slot length), ascending, and the requests entered in each. */
    private final long[] slots;
    private final int[] counts;

    private WindowCounts(long[] slots, int[] counts) {
        this.slots = slots;
        this.counts = counts;
    }

    public static long slotLength(Window w) {
        return Math.max(1, w.length().toMillis() / SLOTS);
    }

    /** @return null when the window has room now, else when it will */
    public Duration refusal(Window w, long now) {
        long slot = slotLength(w);
        int first = firstOverlapping(w, now);
        long total = heldFrom(first);
        if (total < w.max()) {
            return null;
        }
        // the oldest slots leave the window one by one: find the one whose leaving makes room
        for (int i = first; i < slots.length; i++) {
            total -= counts[i];
            if (total < w.max()) {
                long leaves = (slots[i] + 1) * slot + w.length().toMillis();
                return Duration.ofMillis(Math.max(1, leaves - now));
            }
        }
        return Duration.ofMillis(1);
    }

    /** These counts with one request entered now and slots that no longer overlap the window dropped. */
    public WindowCounts record(Window w, long now) {
        return record(w, now, 1);
    }

    /** How many more requests the window has room for now (0 when full). */
    public int room(Window w, long now) {
        return (int) Math.max(0, w.max() - heldFrom(firstOverlapping(w, now)));
    }

    /** The requests of the slots from {@code first} on. */
    private long heldFrom(int first) {
        long total = 0;
        for (int i = first; i < slots.length; i++) {
            total += counts[i];
        }
        return total;
    }

    /** The slot the newest requests were entered in (-1 when there are none). */
    public long newestSlot() {
        return slots.length == 0 ? -1 : slots[slots.length - 1];
    }

    /** These counts with {@code n} requests taken out of {@code slot} (never below none), e.g. a lease's unused. */
    public WindowCounts without(long slot, int n) {
        int i = Arrays.binarySearch(slots, slot);
        if (i < 0) {
            return this;
        }
        if (counts[i] > n) {
            int[] c = counts.clone();
            c[i] -= n;
            return new WindowCounts(slots, c);
        }
        long[] s = new long[slots.length - 1];
        int[] c = new int[counts.length - 1];
        System.arraycopy(slots, 0, s, 0, i);
        System.arraycopy(slots, i + 1, s, i, s.length - i);
        System.arraycopy(counts, 0, c, 0, i);
        System.arraycopy(counts, i + 1, c, i, c.length - i);
        return new WindowCounts(s, c);
    }

    /** These counts with {@code n} requests entered now and slots that no longer overlap the window dropped. */
    public WindowCounts record(Window w, long now, int n) {
        long current = Math.floorDiv(now, slotLength(w));
        int first = firstOverlapping(w, now);
        int kept = slots.length - first;
        boolean extend = kept == 0 || slots[slots.length - 1] < current;
        long[] s = Arrays.copyOfRange(slots, first, first + kept + (extend ? 1 : 0));
        int[] c = Arrays.copyOfRange(counts, first, first + kept + (extend ? 1 : 0));
        if (extend) {
            s[kept] = current;
            c[kept] = n;
        } else {
            c[kept - 1] += n; // the newest slot (a clock a little behind another instance's counts into it)
        }
        return new WindowCounts(s, c);
    }

    /** Whether every slot counted here ended at or before {@code cutoff} (epoch ms). */
    public boolean idleSince(Window w, long cutoff) {
        return slots.length == 0 || (slots[slots.length - 1] + 1) * slotLength(w) <= cutoff;
    }

    /** Index of the first slot that still overlaps {@code (now - length, now]}. */
    private int firstOverlapping(Window w, long now) {
        long slot = slotLength(w);
        long from = now - w.length().toMillis();
        int i = 0;
        while (i < slots.length && (slots[i] + 1) * slot <= from) {
            i++;
        }
        return i;
    }

    public int total() {
        int t = 0;
        for (int c : counts) {
            t += c;
        }
        return t;
    }

    /** Text form: {@code slot:count} pairs, oldest first, comma-separated ("" when empty). */
    public String encode() {
        StringBuilder sb = new StringBuilder(slots.length * 12);
        for (int i = 0; i < slots.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(slots[i]).append(':').append(counts[i]);
        }
        return sb.toString();
    }

    public static WindowCounts decode(String text) {
        if (text == null || text.isEmpty()) {
            return EMPTY;
        }
        String[] pairs = text.split(",");
        long[] s = new long[pairs.length];
        int[] c = new int[pairs.length];
        for (int i = 0; i < pairs.length; i++) {
            int colon = pairs[i].indexOf(':');
            s[i] = Long.parseLong(pairs[i].substring(0, colon));
            c[i] = Integer.parseInt(pairs[i].substring(colon + 1));
        }
        return new WindowCounts(s, c);
    }
}
