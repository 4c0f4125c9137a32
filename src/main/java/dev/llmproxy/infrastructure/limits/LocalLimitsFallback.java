package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.application.access.Limiter;
import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.LastSeenUse;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.ExecutionContext;
import org.eclipse.microprofile.faulttolerance.FallbackHandler;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * When the shared store cannot answer: this instance's share of what was left of every limit when the store was last
 * read (divided among the instances that were alive then; see {@link LastSeenUse}), counted in memory, and a note of
 * why.
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
        Instant now = clock.instant();
        List<Bucket> share = new ArrayList<>(buckets.size());
        for (Bucket b : buckets) {
            LastSeenUse.Share s = stores.seen().share(b, instances, now);
            if (s.refused() != null) {
                return new Limiter.Limited(s.refused(), false);
            }
            share.add(s.bucket());
        }
        return new Limiter.Limited(stores.local().take(share, now), false);
    }
}
