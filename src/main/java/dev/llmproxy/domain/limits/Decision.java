package dev.llmproxy.domain.limits;

import java.time.Duration;

/** What the limiter said about one request. */
public sealed interface Decision {

    Decision ALLOWED = new Allowed();

    record Allowed() implements Decision {
    }

    /**
     * @param bucketKey  the bucket that was full
     * @param limit      the window that refused
     * @param retryAfter when the oldest counted request leaves that window
     */
    record Refused(String bucketKey, Window limit, Duration retryAfter) implements Decision {
    }
}
