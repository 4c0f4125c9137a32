package dev.llmproxy.domain.log;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * What an auditor narrows the request log to; every field is optional (null: no condition).
 *
 * @param from         received at or after
 * @param to           received before
 * @param status       the HTTP status answered
 * @param fallbackOnly only requests answered by a fallback
 * @param saw429Only   only requests during which an upstream answered 429
 * @param keyId        only requests made with this API key
 * @param minCostUsd   only requests that cost at least this much (in US dollars)
 */
public record RequestLogFilter(Instant from, Instant to, Integer status, String tier, String model,
                               boolean fallbackOnly, boolean saw429Only, String requestId, String clientHash,
                               String keyId, BigDecimal minCostUsd) {

    public static final RequestLogFilter NONE = new RequestLogFilter(null, null, null, null, null, false, false, null,
            null, null, null);

    public boolean isEmpty() {
        return equals(NONE);
    }
}
