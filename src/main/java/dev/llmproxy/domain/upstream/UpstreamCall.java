package dev.llmproxy.domain.upstream;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.streaming.StreamLimits;
import dev.llmproxy.domain.streaming.UpstreamEvents;

import java.time.Duration;

/**
 * One attempt: which model at which provider, the request to send, and how long it may take.
 *
 * @param stream   for a streaming attempt, where its events go once content flows; null otherwise
 * @param limits   for a streaming attempt, its first-token and idle limits; null otherwise
 * @param moreRoom the model's thoughts used up the output budget last time: give them more room this time
 * @param traceparent the W3C trace context naming this call, passed to the provider; null when not traced
 * @param quota    told what the provider's rate-limit headers say of its limits, when they say anything
 */
public record UpstreamCall(String requestId, Provider provider, AllowedModel model, RequestBody body,
                           Duration timeout, UpstreamEvents stream, StreamLimits limits, boolean moreRoom,
                           String traceparent, QuotaReading.Watch quota) {

    public UpstreamCall {
        quota = quota == null ? QuotaReading.Watch.NONE : quota;
    }

    public UpstreamCall(String requestId, Provider provider, AllowedModel model, byte[] body, Duration timeout,
                        UpstreamEvents stream, StreamLimits limits, boolean moreRoom, String traceparent) {
        this(requestId, provider, model, RequestBody.of(body), timeout, stream, limits, moreRoom, traceparent, null);
    }

    public UpstreamCall(String requestId, Provider provider, AllowedModel model, byte[] body, Duration timeout,
                        UpstreamEvents stream, StreamLimits limits, boolean moreRoom) {
        this(requestId, provider, model, body, timeout, stream, limits, moreRoom, null);
    }

    public UpstreamCall(String requestId, Provider provider, AllowedModel model, byte[] body, Duration timeout) {
        this(requestId, provider, model, body, timeout, null, null, false);
    }

    public UpstreamCall(String requestId, Provider provider, AllowedModel model, byte[] body, Duration timeout,
                        UpstreamEvents stream, StreamLimits limits) {
        this(requestId, provider, model, body, timeout, stream, limits, false);
    }

    /** The same attempt with less time: what is left of it after something it waited for. */
    public UpstreamCall withTimeout(Duration left) {
        return new UpstreamCall(requestId, provider, model, body, left, stream, limits, moreRoom, traceparent, quota);
    }

    /** The same attempt, named in a trace. */
    public UpstreamCall tracedAs(String context) {
        return new UpstreamCall(requestId, provider, model, body, timeout, stream, limits, moreRoom, context, quota);
    }

    /** The same attempt, telling {@code watch} what the provider's rate-limit headers say. */
    public UpstreamCall watchingQuota(QuotaReading.Watch watch) {
        return new UpstreamCall(requestId, provider, model, body, timeout, stream, limits, moreRoom, traceparent,
                watch);
    }

    public boolean streaming() {
        return stream != null;
    }
}
