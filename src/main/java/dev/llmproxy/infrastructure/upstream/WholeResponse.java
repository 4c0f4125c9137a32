package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.Exchange;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import dev.llmproxy.infrastructure.upstream.http.ResponseListener;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

import static dev.llmproxy.infrastructure.upstream.HttpReplies.connectionFailure;
import static dev.llmproxy.infrastructure.upstream.HttpReplies.describe;

/** Gathers a whole (not streamed) response; the verdict is reached on a worker thread. */
final class WholeResponse implements ResponseListener {

    private final UpstreamCall call;
    private final Wire wire;
    private final CompletableFuture<UpstreamReply> reply;
    private final Executor workers;
    private final Clock clock;
    private BoundedBody body;
    private ResponseHead head;
    private volatile Exchange exchange;

    WholeResponse(UpstreamCall call, Wire wire, CompletableFuture<UpstreamReply> reply, Executor workers,
                  Clock clock) {
        this.call = call;
        this.wire = wire;
        this.reply = reply;
        this.workers = workers;
        this.clock = clock;
    }

    /** The exchange, once the transport has it: an oversized body aborts it. */
    void attach(Exchange exchange) {
        this.exchange = exchange;
    }

    @Override
    public void onHead(ResponseHead head) {
        this.head = head;
        body = new BoundedBody(head.header("content-length"));
    }

    @Override
    public void onData(ByteBuffer data) {
        if (!body.add(data)) {
            Exchange e = exchange;
            if (e != null) {
                e.abort();
            }
            finish(BoundedBody.TOO_LARGE);
        }
    }

    @Override
    public void onEnd() {
        byte[] bytes = body.bytes();
        workers.execute(() -> {
            if (!reply.isDone()) {
                reply.complete(toReply(head, bytes));
            }
        });
    }

    @Override
    public void onFailure(IOException error, ResponseHead head) {
        if (head == null) {
            finish(connectionFailure(error));
        } else if (head.isSuccess()) {
            finish(new UpstreamReply.Failed(FailureKind.MALFORMED, "body cut short: " + describe(error)));
        } else {
            byte[] partial = body == null ? new byte[0] : body.bytes();
            workers.execute(() -> reply.complete(wire.error(call, head, partial, clock)));
        }
    }

    private void finish(UpstreamReply r) {
        workers.execute(() -> reply.complete(r));
    }

    private UpstreamReply toReply(ResponseHead head, byte[] bytes) {
        if (head.isSuccess()) {
            return wire.answer(call, bytes);
        }
        return wire.error(call, head, bytes, clock);
    }
}
