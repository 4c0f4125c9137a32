package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;

import java.nio.ByteBuffer;
import java.time.Clock;

/**
 * A streaming attempt answered in one piece: an error status, or an upstream that ignored {@code stream: true}. The
 * body is gathered whole, then read as a plain attempt's would be (a completion is relayed as one event).
 */
final class OnePieceAnswer {

    private final ResponseHead head;
    private final BoundedBody body;

    private OnePieceAnswer(ResponseHead head) {
        this.head = head;
        this.body = new BoundedBody(head.header("content-length"));
    }

    /** @return the one-piece answer this head starts, or null for an event stream */
    static OnePieceAnswer startedBy(ResponseHead head, StreamFraming framing) {
        return head.isSuccess() && framing.frames(head.header("content-type")) ? null : new OnePieceAnswer(head);
    }

    /** @return false when the body grew too large to be an answer */
    boolean add(ByteBuffer data) {
        return body.add(data);
    }

    /** The body ended whole. */
    UpstreamReply ended(UpstreamCall call, Wire wire, ChunkRelay relay, Clock clock) {
        if (!head.isSuccess()) {
            return wire.error(call, head, body.bytes(), clock);
        }
        UpstreamReply parsed = wire.answer(call, body.bytes());
        return parsed instanceof UpstreamReply.Completed c ? relay.whole(c) : parsed;
    }

    /** An error status whose body was cut short still says what it says. */
    UpstreamReply cutError(UpstreamCall call, Wire wire, Clock clock) {
        return wire.error(call, head, body.bytes(), clock);
    }
}
