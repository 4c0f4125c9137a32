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
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

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
    /** By counts key. */
    private final Map<String, Lease> leases = new ConcurrentHashMap<>();
    /** Counts keys whose lease one caller renews; others use what is left, or enter one each. */
    private final Set<String> renewing = ConcurrentHashMap.newKeySet();
    /** What ended leases left, taken back with the next call to the store. */
    private final Queue<Unspent> unspent = new ConcurrentLinkedQueue<>();

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
        Decision leased = fromLeases(rows, at, true);
        if (leased != null) {
            return leased;
        }
        int[] wanted = new int[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            CountRow r = rows.get(i);
            Lease l = current(r, at);
            int size = size(r.window());
            boolean usable = l != null && l.left() > size / 4;
            wanted[i] = size > 1 && !usable && renewing.add(r.key()) ? size : 1;
        }
        List<Unspent> giveBack = new ArrayList<>();
        for (Unspent u = unspent.poll(); u != null; u = unspent.poll()) {
            giveBack.add(u);
        }
        Entered entered = null;
        try {
            entered = store.enter(rows, wanted, giveBack, now);
        } finally {
            // when the store failed, what was given back may or may not have been: forgetting it can only refuse early
            lease(rows, wanted, entered, at);
        }
        if (entered.decision() instanceof Decision.Refused) {
            // the window is full, but what this instance holds is its own to admit
            leased = fromLeases(rows, at, false);
            if (leased != null) {
                return leased;
            }
        }
        return entered.decision();
    }

    /**
     * The request admitted on this instance's leases alone, with no call to the store; null when the store must be
     * asked ({@link #take}).
     */
    public Decision onLeases(List<Bucket> buckets, Instant now) {
        return fromLeases(CountRow.of(buckets), now.toEpochMilli(), true);
    }

    /** On the rows' leases, all or none; null when one has no room now, or (renewLow) is low and nobody renews. */
    private Decision fromLeases(List<CountRow> rows, long at, boolean renewLow) {
        Lease[] taken = new Lease[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            CountRow r = rows.get(i);
            Lease l = current(r, at);
            // down to a quarter, the next request renews it while the others go on with the rest
            int keep = renewLow && !renewing.contains(r.key()) ? size(r.window()) / 4 : 0;
            if (l == null || !l.take(keep)) {
                for (int j = 0; j < i; j++) {
                    taken[j].putBack();
                }
                return null;
            }
            taken[i] = l;
        }
        Map<String, Integer> used = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            used.put(rows.get(i).key(), taken[i].held);
        }
        return new Decision.Allowed(used);
    }

    /** The row's lease if it may admit now; one of another slot or limit is ended here. */
    private Lease current(CountRow r, long at) {
        Lease l = leases.get(r.key());
        if (l != null && !l.covers(r.window(), at)) {
            if (leases.remove(r.key(), l)) {
                end(l, r.key());
            }
            return null;
        }
        return l;
    }

    /** Keeps what the store entered beyond this request's one as the rows' leases. */
    private void lease(List<CountRow> rows, int[] wanted, Entered entered, long at) {
        boolean allowed = entered != null && entered.decision() instanceof Decision.Allowed;
        for (int i = 0; i < rows.size(); i++) {
            if (wanted[i] == 1) {
                continue;
            }
            String key = rows.get(i).key();
            if (allowed) {
                Decision.Allowed a = (Decision.Allowed) entered.decision();
                long slotLength = WindowCounts.slotLength(rows.get(i).window());
                Lease fresh = new Lease(rows.get(i).window().max(), Math.floorDiv(at, slotLength), slotLength,
                        entered.slots()[i], entered.entered()[i] - 1, a.used().getOrDefault(key, 0));
                Lease old = leases.put(key, fresh);
                if (old != null && fresh.continues(old)) {
                    fresh.add(old.drain()); // renewed before it ran out: the rest carries on
                } else if (old != null) {
                    end(old, key);
                }
            }
            renewing.remove(key); // only now, so that no second caller renews before this lease is in place
        }
    }

    /** Ends a lease; the store takes back what it had left with the next call. */
    private void end(Lease l, String key) {
        int rest = l.drain();
        if (rest > 0) {
            unspent.add(new Unspent(key, l.storedSlot, rest));
        }
    }

    /** Ends the leases of slots that ended before {@code now} (of buckets no longer asked for). */
    public void sweep(Instant now) {
        long at = now.toEpochMilli();
        leases.forEach((key, l) -> {
            if (l.endedBefore(at) && leases.remove(key, l)) {
                end(l, key);
            }
        });
    }
}
