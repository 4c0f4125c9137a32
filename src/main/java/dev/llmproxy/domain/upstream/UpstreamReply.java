package dev.llmproxy.domain.upstream;

import dev.llmproxy.domain.answer.Answered;
import dev.llmproxy.domain.answer.ChatAnswer;
import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.answer.Vectors;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.StreamBreak;

import java.time.Duration;

/** What one attempt produced. */
public sealed interface UpstreamReply {

    /**
     * A complete, well-formed answer.
     *
     * @param answer        what was answered, typed
     * @param answeredModel the model name the upstream reported (or the upstream model asked for)
     * @param finish        the first choice's; null for vectors
     */
    record Completed(Answered answer, String answeredModel, Finish finish, TokenUsage usage)
            implements UpstreamReply {

        /** @throws IllegalStateException when the answer is vectors */
        public ChatAnswer chat() {
            if (answer instanceof ChatAnswer chat) {
                return chat;
            }
            throw new IllegalStateException("the answer is vectors, not a chat model's message");
        }

        /** @throws IllegalStateException when the answer is a chat model's */
        public Vectors vectors() {
            if (answer instanceof Vectors v) {
                return v;
            }
            throw new IllegalStateException("the answer is a chat model's message, not vectors");
        }
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
    record StreamEnded(String answeredModel, Finish finish, TokenUsage usage, int events, int malformed,
                       String upstreamId) implements UpstreamReply {
    }

    /** A stream that had started (content relayed) and then broke. */
    record StreamBroken(StreamBreak kind, String detail, String answeredModel, int events, int malformed,
                        String upstreamId) implements UpstreamReply {
    }
}
