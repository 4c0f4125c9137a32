package dev.llmproxy.domain.latency;

import org.HdrHistogram.IntCountsHistogram;

/**
 * One model's recent latencies of one kind, in milliseconds: the last {@link #SLICES} slices of {@code sliceMs}
 * each. Memory is bounded by the slice count and the longest value kept, whatever the traffic. A running sum of the
 * live slices answers queries without merging; a slice that leaves the window is subtracted from it.
 */
final class SlidingHistogram {

    static final int SLICES = 5;
    /** Longer waits are kept as this (an hour): no attempt is allowed that long, and the histogram stays small. */
    static final long MAX_MS = 3_600_000L;
    /** Two significant digits: 1 % is finer than any decision made on it needs. */
    private static final int DIGITS = 2;

    private final long sliceMs;
    private final IntCountsHistogram[] slices = new IntCountsHistogram[SLICES];
    /** The slice number (time / sliceMs) each slot holds, or -1 while it holds none. */
    private final long[] slotOf = new long[SLICES];
    private final IntCountsHistogram live = new IntCountsHistogram(DIGITS);

    SlidingHistogram(long sliceMs) {
        this.sliceMs = sliceMs;
        for (int i = 0; i < SLICES; i++) {
            slices[i] = new IntCountsHistogram(DIGITS);
            slotOf[i] = -1;
        }
    }

    synchronized void record(long nowMs, long valueMs) {
        long value = Math.max(0, Math.min(MAX_MS, valueMs));
        long slice = Math.floorDiv(nowMs, sliceMs);
        expire(slice);
        int slot = (int) Math.floorMod(slice, (long) SLICES);
        if (slotOf[slot] != slice) {
            slotOf[slot] = slice; // emptied by expire, or never used
        }
        slices[slot].recordValue(value);
        live.recordValue(value);
    }

    /** How many values the window holds now. */
    synchronized long count(long nowMs) {
        expire(Math.floorDiv(nowMs, sliceMs));
        return live.getTotalCount();
    }

    /** The value at {@code percentile} (0 to 100) of the window now; 0 when it is empty. */
    synchronized long at(long nowMs, double percentile) {
        expire(Math.floorDiv(nowMs, sliceMs));
        return live.getTotalCount() == 0 ? 0 : live.getValueAtPercentile(percentile);
    }

    /** Empties every slot whose slice has left the window ending with {@code current}. */
    private void expire(long current) {
        for (int i = 0; i < SLICES; i++) {
            if (slotOf[i] >= 0 && (slotOf[i] <= current - SLICES || slotOf[i] > current)) {
                live.subtract(slices[i]);
                slices[i].reset();
                slotOf[i] = -1;
            }
        }
    }
}
