package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Window;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Requests of one window the shared store entered and this instance has not admitted yet, in its slot of the window
 * ({@link LeasedLimits}). Taken one at a time without a lock: requests on one key must not queue behind each other.
 */
final class Lease {

    /** The window's maximum it was taken under: a limit changed since is asked about afresh. */
    final int max;
    final long slot;
    final long slotLength;
    /** The slot the store entered them in (later than {@link #slot} when another instance's clock is ahead). */
    final long storedSlot;
    /** What the window held in the store when the lease was taken, the lease included. */
    final int held;
    private final AtomicInteger left;

    Lease(int max, long slot, long slotLength, long storedSlot, int left, int held) {
        this.max = max;
        this.slot = slot;
        this.slotLength = slotLength;
        this.storedSlot = storedSlot;
        this.left = new AtomicInteger(left);
        this.held = held;
    }

    /** Whether it may admit a request of this window now: the same slot, and the same maximum. */
    boolean covers(Window w, long at) {
        return max == w.max() && slot == Math.floorDiv(at, slotLength);
    }

    /** Whether it was taken under the same limit, for the same slot, as {@code older}. */
    boolean continues(Lease older) {
        return older.max == max && older.slot == slot && older.storedSlot == storedSlot;
    }

    /** Whether the slot it was taken in ended before {@code at}. */
    boolean endedBefore(long at) {
        return slot < Math.floorDiv(at, slotLength);
    }

    int left() {
        return left.get();
    }

    /** Takes one request while more than {@code keep} are left. */
    boolean take(int keep) {
        for (int v = left.get(); v > keep; v = left.get()) {
            if (left.compareAndSet(v, v - 1)) {
                return true;
            }
        }
        return false;
    }

    /** Puts back one taken for a request that another of its windows refused. */
    void putBack() {
        left.incrementAndGet();
    }

    /** Adds what an earlier lease of the same slot had left. */
    void add(int n) {
        left.addAndGet(n);
    }

    /** Ends it: how many it had left, none of which it admits any more. */
    int drain() {
        return left.getAndSet(0);
    }
}
