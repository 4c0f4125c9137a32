package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.application.access.Limiter;
import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.LastSeenUse;
import dev.llmproxy.domain.limits.RateLimitStore;
import dev.llmproxy.infrastructure.sharing.LiveInstances;
import dev.llmproxy.infrastructure.sharing.SharedDecision;
import dev.llmproxy.infrastructure.sharing.SharedStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The limiter: in memory, exactly, for an instance alone on its database ({@link RememberedLimits}); else on what
 * this instance holds of the shared store's leases ({@link LeasedLimits}), or on the store itself through
 * {@link SharedStore}'s guard, and while that cannot answer on this instance's share of what was left of every limit
 * when the store was last read (divided among the instances alive then; see {@link LastSeenUse}).
 */
@ApplicationScoped
public class SharedLimiter implements Limiter {

    private final LimiterStores stores;
    private final SharedStore store;
    private final LiveInstances instances;
    private final Clock clock;

    @Inject
    SharedLimiter(LimiterStores stores, SharedStore store, LiveInstances instances, Clock clock) {
        this.stores = stores;
        this.store = store;
        this.instances = instances;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected SharedLimiter() {
        this(null, null, null, null);
    }

    @Override
    public Limited take(List<Bucket> buckets) {
        RateLimitStore alone = stores.alone();
        if (alone != null) {
            return new Limited(alone.take(buckets, clock.instant()), true); // memory, exact: nothing to guard
        }
        LeasedLimits leased = stores.leased();
        if (leased != null) {
            Instant now = clock.instant();
            Decision onLeases = leased.onLeases(buckets, now); // entered in the store already: nothing to guard
            if (onLeases != null) {
                stores.seen().saw(onLeases, now);
                return new Limited(onLeases, true);
            }
        }
        return store.decide(store.home(), new SharedDecision<>() {
            @Override
            public Limited shared() {
                Instant now = clock.instant();
                Decision decision = stores.shared().take(buckets, now);
                stores.seen().saw(decision, now);
                return new Limited(decision, true);
            }

            @Override
            public Limited onShare() {
                return takeShare(buckets);
            }
        });
    }

    private Limited takeShare(List<Bucket> buckets) {
        int alive = instances.count();
        Instant now = clock.instant();
        List<Bucket> share = new ArrayList<>(buckets.size());
        for (Bucket b : buckets) {
            LastSeenUse.Share s = stores.seen().share(b, alive, now);
            if (s.refused() != null) {
                return new Limited(s.refused(), false);
            }
            share.add(s.bucket());
        }
        return new Limited(stores.local().take(share, now), false);
    }

    @Override
    public boolean shared() {
        return store.usingShared(store.home());
    }
}
