package dev.llmproxy.domain.limits;

import java.time.Duration;
import java.util.Map;

/** What the limiter said about one request. */
public sealed interface Decision {

    Decision ALLOWED = new Allowed(Map.of());

    /**
     * @param used what a shared store counted in each window it entered the request in (by {@link Bucket#countsKey}),
     *             this request included; empty from stores that do not say
     */
    record Allowed(Map<String, Integer> used) implements Decision {
        public Allowed {
            used = Map.copyOf(used);
        }
    }

    /**
     * @param bucketKey  the bucket that was full
     * @param limit      the window that refused
     * @param retryAfter when the oldest counted request leaves that window
     */
    record Refused(String bucketKey, Window limit, Duration retryAfter) implements Decision {
        /** Where the full window's counts are kept ({@link Bucket#countsKey}). */
        public String countsKey() {
            return Bucket.countsKey(bucketKey, limit);
        }
    }
}
