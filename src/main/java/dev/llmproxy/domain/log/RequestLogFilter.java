package dev.llmproxy.domain.log;

import java.time.Instant;

/**
 * What an auditor narrows the request log to; every field is optional (null: no condition).
 *
 * @param from         received at or after
 * @param to           received before
 * @param status       the HTTP status answered
 * @param fallbackOnly only requests answered by a fallback
 * @param saw429Only   only requests during which an upstream answered 429
 */
public record RequestLogFilter(Instant from, Instant to, Integer status, String tier, String model,
                               boolean fallbackOnly, boolean saw429Only, String requestId, String clientHash) {

    public static final RequestLogFilter NONE = new RequestLogFilter(null, null, null, null, null, false, false, null, null);

    public boolean isEmpty() {
        return equals(NONE);
    }
}
