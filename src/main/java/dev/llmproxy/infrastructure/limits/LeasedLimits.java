package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.RateLimitStore;
import dev.llmproxy.domain.limits.Window;
import dev.llmproxy.domain.limits.WindowCounts;
import dev.llmproxy.infrastructure.limits.LeaseStore.Entered;
import dev.llmproxy.infrastructure.limits.LeaseStore.Unspent;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Counts on a shared store a lease at a time: where a window is large, the store enters a small batch of requests at
 * once ({@link #size}), and this instance admits them one by one without asking again, until the batch is spent or
 * the window's slot (a sixtieth of it) ends (renewed when a quarter is left); what is left then is taken back with the
 * next call.
 * <p>
 * What this changes against asking the store for every request: never more than a window's maximum is admitted, for a
 * lease's requests are in the store's counts, in the slot they are admitted in, before any of them is; but a window may
 * refuse early, by at most what other instances hold unspent: each at most a lease and a quarter per window (a lease
 * is a six-hundredth of its maximum, at most 256). A window of fewer than 1,200 requests is never leased.
 */
public final class LeasedLimits implements RateLimitStore {

    /** A lease holds at most this share of its window's maximum... */
    static final int SHARE = 600;
    /** ...and at most this many requests. */
    static final int MOST = 256;

    private final LeaseStore store;
    /** By counts key; guarded by this. */
    private final Map<String, Lease> leases = new HashMap<>();
    /** Counts keys whose lease one caller renews; others use what is left, or enter one each. Guarded by this. */
    private final Set<String> renewing = new HashSet<>();
    /** What ended leases left, taken back with the next call to the store. Guarded by this. */
    private List<Unspent> unspent = new ArrayList<>();

    public LeasedLimits(LeaseStore store) {
        this.store = store;
    }

    /** How many requests of a window one lease holds: 1 (no lease) for a window of fewer than 1,200. */
    static int size(Window w) {
        return Math.max(1, Math.min(MOST, w.max() / SHARE));
    }

    @Override
    public Decision take(List<Bucket> buckets, Instant now) {
        List<CountRow> rows = CountRow.of(buckets);
        long at = now.toEpochMilli();
        int[] wanted = new int[rows.size()];
        List<Unspent> giveBack;
        synchronized (this) {
            Decision leased = fromLeases(rows, at, true);
            if (leased != null) {
                return leased;
            }
            for (int i = 0; i < rows.size(); i++) {
                CountRow r = rows.get(i);
                Lease l = leases.get(r.key());
                int size = size(r.window());
                boolean usable = l != null && l.left > 0 && l.covers(r.window(), at);
                wanted[i] = size > 1 && (!usable || low(l, r.window())) && renewing.add(r.key()) ? size : 1;
            }
            giveBack = unspent;
            unspent = new ArrayList<>();
        }
        Entered entered = null;
        try {
            entered = store.enter(rows, wanted, giveBack, now);
        } finally {
            // when the store failed, what was given back may or may not have been: forgetting it can only refuse early
            lease(rows, wanted, entered, at);
        }
        if (entered.decision() instanceof Decision.Refused) {
            synchronized (this) {
                // the window is full, but what this instance holds is its own to admit
                Decision leased = fromLeases(rows, at, false);
                if (leased != null) {
                    return leased;
                }
            }
        }
        return entered.decision();
    }

    /**
     * The request admitted on this instance's leases alone, with no call to the store; null when the store must be
     * asked ({@link #take}).
     */
    public synchronized Decision onLeases(List<Bucket> buckets, Instant now) {
        return fromLeases(CountRow.of(buckets), now.toEpochMilli(), true);
    }

    /** On the rows' leases, all or none; null when one has no room now, or (renewLow) is low and nobody renews. */
    private Decision fromLeases(List<CountRow> rows, long at, boolean renewLow) {
        for (CountRow r : rows) {
            Lease l = leases.get(r.key());
            if (l != null && !l.covers(r.window(), at)) {
                leases.remove(r.key());
                l.giveBackTo(unspent, r.key());
                l = null;
            }
            if (l == null || l.left == 0 || renewLow && low(l, r.window()) && !renewing.contains(r.key())) {
                return null;
            }
        }
        Map<String, Integer> used = new HashMap<>();
        for (CountRow r : rows) {
            Lease l = leases.get(r.key());
            l.left--;
            used.put(r.key(), l.held);
        }
        return new Decision.Allowed(used);
    }

    /** Keeps what the store entered beyond this request's one as the rows' leases. */
    private synchronized void lease(List<CountRow> rows, int[] wanted, Entered entered, long at) {
        boolean allowed = entered != null && entered.decision() instanceof Decision.Allowed;
        for (int i = 0; i < rows.size(); i++) {
            if (wanted[i] == 1) {
                continue;
            }
            String key = rows.get(i).key();
            renewing.remove(key);
            if (allowed) {
                Decision.Allowed a = (Decision.Allowed) entered.decision();
                long slotLength = WindowCounts.slotLength(rows.get(i).window());
                Lease fresh = new Lease(rows.get(i).window().max(), Math.floorDiv(at, slotLength), slotLength,
                        entered.slots()[i], entered.entered()[i] - 1, a.used().getOrDefault(key, 0));
                Lease old = leases.put(key, fresh);
                boolean sameSlot = old != null && old.slot == fresh.slot && old.storedSlot == fresh.storedSlot;
                if (sameSlot && old.max == fresh.max) {
                    fresh.left += old.left; // renewed before it ran out: the rest carries on
                } else if (old != null) {
                    old.giveBackTo(unspent, key);
                }
            }
        }
    }

    /** Down to a quarter: the next request renews it while the others go on with the rest, not each to the store. */
    private static boolean low(Lease l, Window w) {
        return l.left <= size(w) / 4;
    }

    /** Ends the leases of slots that ended before {@code now} (of buckets no longer asked for). */
    public synchronized void sweep(Instant now) {
        long at = now.toEpochMilli();
        leases.entrySet().removeIf(e -> {
            Lease l = e.getValue();
            boolean ended = l.slot < Math.floorDiv(at, l.slotLength);
            if (ended) {
                l.giveBackTo(unspent, e.getKey());
            }
            return ended;
        });
    }

    /** Requests of one row entered in the store and not admitted yet, in this instance's slot of the window. */
    private static final class Lease {
        /** The window's maximum it was taken under: a limit changed since is asked about afresh. */
        final int max;
        final long slot;
        final long slotLength;
        /** The slot the store entered them in (later than {@link #slot} when another instance's clock is ahead). */
        final long storedSlot;
        int left;
        /** What the window held in the store when the lease was taken, the lease included. */
        final int held;

        Lease(int max, long slot, long slotLength, long storedSlot, int left, int held) {
            this.max = max;
            this.slot = slot;
            this.slotLength = slotLength;
            this.storedSlot = storedSlot;
            this.left = left;
            this.held = held;
        }

        /** Whether it may admit a request of this window now: the same slot, and the same maximum. */
        boolean covers(Window w, long at) {
            return max == w.max() && slot == Math.floorDiv(at, slotLength);
        }

        void giveBackTo(List<Unspent> unspent, String key) {
            if (left > 0) {
                unspent.add(new Unspent(key, storedSlot, left));
                left = 0;
            }
        }
    }
}
