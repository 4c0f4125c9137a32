package dev.llmproxy.domain.upstream;

import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.StreamBreak;

import java.time.Duration;

/** What one attempt produced. */
public sealed interface UpstreamReply {

    /**
     * A complete, well-formed completion.
     *
     * @param body          the completion as the client will receive it
     * @param answeredModel the model name the upstream reported (or the upstream model asked for)
     */
    record Completed(byte[] body, String answeredModel, String finishReason, TokenUsage usage) implements UpstreamReply {
    }

    /**
     * A non-2xx status. The body excerpt is for classification and the server log only, never for the client.
     *
     * @param retryAfter the upstream's Retry-After, or null
     */
    record HttpError(int status, Duration retryAfter, String bodyExcerpt) implements UpstreamReply {
    }

    record Failed(FailureKind kind, String detail) implements UpstreamReply {
    }

    /**
     * A streamed answer that ended properly (a finish reason or {@code [DONE]}, then the end of the body).
     *
     * @param usage     the upstream's usage, or {@link TokenUsage#NONE}
     * @param events    content events relayed
     * @param malformed events skipped because they were not valid JSON
     */
    record StreamEnded(String answeredModel, String finishReason, TokenUsage usage, int events, int malformed,
                       String upstreamId) implements UpstreamReply {
    }

    /** A stream that had started (content relayed) and then broke. */
    record StreamBroken(StreamBreak kind, String detail, String answeredModel, int events, int malformed,
                        String upstreamId) implements UpstreamReply {
    }
}
