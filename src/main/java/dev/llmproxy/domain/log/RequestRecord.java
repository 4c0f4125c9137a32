package dev.llmproxy.domain.log;

import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.StreamStats;

import java.time.Instant;
import java.util.List;

/**
 * One proxied request as auditors see it.
 *
 * @param tier           the tier asked for, or null when a model was asked for directly
 * @param answeringModel the allowlisted model that answered, or null
 * @param errorCode      the error code answered, or null on success
 * @param streamStats    for a streamed request, what was relayed; null otherwise
 * @param queueWaitMs    how long the request waited for an upstream slot; null if it never queued for one
 * @param caller         who called and what the limiter decided
 * @param promptExcerpt  the start of the last user message, when the deployment keeps prompts; else null
 */
public record RequestRecord(String requestId, Instant receivedAt, String tier, String requestedModel,
                            String answeringModel, boolean fallback, int status, String errorCode, long latencyMs,
                            Integer promptTokens, Integer completionTokens, Integer totalTokens, String finishReason,
                            boolean truncated, boolean saw429, boolean stream, List<AttemptRecord> attempts,
                            StreamStats streamStats, Long queueWaitMs, CallerRecord caller, String promptExcerpt) {
    public RequestRecord {
        attempts = List.copyOf(attempts);
        caller = caller == null ? CallerRecord.UNKNOWN : caller;
    }
}
