package dev.llmproxy.domain.limits;

import java.time.Instant;
import java.util.List;

/** Where the sliding logs live: in this process, or in the database that every instance shares. */
public interface RateLimitStore {

    /**
     * Counts one request against every bucket, all or nothing: when any bucket is full nothing is entered anywhere.
     * Concurrent calls, from any instance sharing the store, never allow more than a window's maximum.
     */
    Decision take(List<Bucket> buckets, Instant now);
}
