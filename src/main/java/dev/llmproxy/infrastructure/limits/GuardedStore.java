package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.application.access.Limiter;
import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Timeout;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * MicroProfile Fault Tolerance around the shared rate-limit store. A static policy is right here: this is our own
 * infrastructure, not a per-model upstream. After repeated failures the breaker skips the store for a few seconds,
 * then lets a call through to see whether it has recovered; meanwhile the fallback decides in memory. Values can be
 * tuned through MicroProfile Config ({@code dev.llmproxy.infrastructure.limits.GuardedStore/overNetwork/Timeout/value}
 * and so on).
 */
@ApplicationScoped
public class GuardedStore {

    @Inject
    LimiterStores stores;
    @Inject
    Clock clock;

    /** A database across the network (PostgreSQL, H2 in server mode): bounded in time as well. */
    @Timeout(value = 500, unit = ChronoUnit.MILLIS)
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 3, delayUnit = ChronoUnit.SECONDS,
            successThreshold = 1)
    @Fallback(LocalLimitsFallback.class)
    public Limiter.Limited overNetwork(List<Bucket> buckets) {
        return call(buckets);
    }

    /**
     * An embedded database (H2 in this process): no {@code @Timeout}, whose interrupt would close an embedded H2's
     * files for every connection; the JDBC query timeout bounds a call instead.
     */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 3, delayUnit = ChronoUnit.SECONDS,
            successThreshold = 1)
    @Fallback(LocalLimitsFallback.class)
    public Limiter.Limited inProcess(List<Bucket> buckets) {
        return call(buckets);
    }

    private Limiter.Limited call(List<Bucket> buckets) {
        Instant now = clock.instant();
        Decision decision = stores.shared().take(buckets, now);
        stores.seen().saw(decision, now);
        stores.sharedAnswered();
        return new Limiter.Limited(decision, true);
    }
}
