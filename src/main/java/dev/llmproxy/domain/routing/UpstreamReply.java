package dev.llmproxy.domain.routing;

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
}
