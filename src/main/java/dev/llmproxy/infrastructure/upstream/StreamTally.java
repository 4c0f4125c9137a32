package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.StreamBreak;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;

/** What one upstream stream has said so far, and the reply it makes when it ends; guarded by its attempt's lock. */
final class StreamTally {

    private int events;
    private int malformed;
    private boolean doneMarker;
    private Finish finish;
    private String answeredModel;
    private String upstreamId;
    private TokenUsage usage = TokenUsage.NONE;

    /** @param requestedModel the model named until the stream names the one that answers */
    StreamTally(String requestedModel) {
        this.answeredModel = requestedModel;
    }

    /** Takes what any chunk may carry besides content: the upstream's id, the answering model, usage. */
    void note(StreamChunk.Chunk chunk) {
        if (upstreamId == null) {
            upstreamId = chunk.id();
        }
        if (chunk.model() != null) {
            answeredModel = chunk.model();
        }
        if (chunk.usage() != null) {
            usage = chunk.usage();
        }
    }

    /** A content event relayed to the caller. */
    void relayed(Finish said) {
        events++;
        if (said != null) {
            finish = said;
        }
    }

    /** An upstream that ignored {@code stream:true} answered in one piece, relayed as one event. */
    void whole(UpstreamReply.Completed answer) {
        events = 1;
        finish = answer.finish() == null ? Finish.STOP : answer.finish();
        answeredModel = answer.answeredModel();
        usage = answer.usage();
    }

    void malformed() {
        malformed++;
    }

    void done() {
        doneMarker = true;
    }

    int events() {
        return events;
    }

    Finish finish() {
        return finish;
    }

    /** Whether the upstream said the answer is over, by a finish reason or {@code [DONE]}. */
    private boolean saidItEnded() {
        return doneMarker || finish != null;
    }

    UpstreamReply.StreamEnded ended() {
        return new UpstreamReply.StreamEnded(answeredModel, finish == null ? Finish.STOP : finish, usage, events,
                malformed, upstreamId);
    }

    UpstreamReply.StreamBroken broken(StreamBreak kind, String detail) {
        return new UpstreamReply.StreamBroken(kind, detail, answeredModel, events, malformed, upstreamId);
    }

    /**
     * How a stream whose body ended at the HTTP level ends: failed when no content came (the chain may route around
     * it), whole when the provider said it ended, else cut (no finish reason or {@code [DONE]}).
     */
    UpstreamReply atBodyEnd(boolean contentStarted) {
        if (!contentStarted) {
            return new UpstreamReply.Failed(FailureKind.MALFORMED, "stream ended before any content");
        }
        return saidItEnded() ? ended()
                : broken(StreamBreak.CUT, "stream ended without a finish reason or [DONE] after " + events + " events");
    }
}
