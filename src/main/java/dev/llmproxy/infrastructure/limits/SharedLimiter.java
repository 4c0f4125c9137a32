package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.application.access.Limiter;
import dev.llmproxy.domain.limits.Bucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Timeout;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The limiter on the shared store, guarded by MicroProfile Fault Tolerance: a store call that fails or is slow falls
 * back to this instance's in-memory limits; after repeated failures the breaker skips the store for a while, then
 * lets a call through to see whether it has recovered. A static policy is right here: this is our own
 * infrastructure, not a per-model upstream. Each value can be tuned through MicroProfile Config
 * ({@code dev.llmproxy.infrastructure.limits.SharedLimiter/take/Timeout/value} and so on).
 */
@ApplicationScoped
public class SharedLimiter implements Limiter {

    @Inject
    LimiterStores stores;
    @Inject
    Clock clock;

    @Override
    @Timeout(value = 500, unit = ChronoUnit.MILLIS)
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 3, delayUnit = ChronoUnit.SECONDS,
            successThreshold = 1)
    @Fallback(LocalLimitsFallback.class)
    public Limited take(List<Bucket> buckets) {
        Limited limited = new Limited(stores.shared().take(buckets, clock.instant()), true);
        stores.sharedAnswered();
        return limited;
    }

    @Override
    public boolean shared() {
        return stores.usingShared();
    }
}
