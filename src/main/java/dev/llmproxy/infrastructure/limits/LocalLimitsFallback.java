package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.application.access.Limiter;
import dev.llmproxy.domain.limits.Bucket;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.ExecutionContext;
import org.eclipse.microprofile.faulttolerance.FallbackHandler;

import java.time.Clock;
import java.util.List;

/**
 * When the shared store cannot answer: this instance's share of every limit (the limit divided by the instances that
 * were alive when the store was last reached), counted in memory, and a note of why.
 */
public class LocalLimitsFallback implements FallbackHandler<Limiter.Limited> {

    @Inject
    LimiterStores stores;
    @Inject
    Clock clock;

    @Override
    @SuppressWarnings("unchecked")
    public Limiter.Limited handle(ExecutionContext context) {
        stores.sharedFailed(context.getFailure());
        List<Bucket> buckets = (List<Bucket>) context.getParameters()[0];
        int instances = stores.liveInstances();
        List<Bucket> share = buckets.stream().map(b -> b.share(instances)).toList();
        return new Limiter.Limited(stores.local().take(share, clock.instant()), false);
    }
}
