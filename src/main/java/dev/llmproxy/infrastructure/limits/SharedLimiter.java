package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.application.access.Limiter;
import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.RateLimitStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.List;

/**
 * The limiter on the shared store, through {@link GuardedStore}'s fault-tolerance policies: a store that fails, is
 * slow or is down falls back to this instance's in-memory limits until it answers again. An instance alone on its
 * database counts in memory, exactly ({@link RememberedLimits}).
 */
@ApplicationScoped
public class SharedLimiter implements Limiter {

    @Inject
    LimiterStores stores;
    @Inject
    GuardedStore guarded;
    @Inject
    Clock clock;

    @Override
    public Limited take(List<Bucket> buckets) {
        RateLimitStore alone = stores.alone();
        if (alone != null) {
            return new Limited(alone.take(buckets, clock.instant()), true); // memory, exact: nothing to guard
        }
        // An embedded database runs on the caller's thread: a timeout's interrupt would close its files for good.
        return stores.sharedInProcess() ? guarded.inProcess(buckets) : guarded.overNetwork(buckets);
    }

    @Override
    public boolean shared() {
        return stores.usingShared();
    }
}
