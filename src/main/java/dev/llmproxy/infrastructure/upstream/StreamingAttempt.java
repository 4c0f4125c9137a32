package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.StreamBreak;
import dev.llmproxy.domain.streaming.Backpressure;
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
import java.util.function.Consumer;

/**
 * One streaming attempt, its events read in OpenAI's chunk format (translated by the wire format where needed).
 * Until the first content arrives it behaves like a plain attempt (any status, reset or timeout is an ordinary reply
 * the chain may route around); from then on each content event goes to the call's observer, and the reply says how
 * the stream ended: properly, or cut, stalled or errored. Malformed events are skipped and counted, never relayed.
 */
final class StreamingAttempt implements ResponseListener, Backpressure {

    private final UpstreamCall call;
    private final ChatWire wire;
    private final ChatWire.StreamEvents events;
    private final CompletableFuture<UpstreamReply> reply;
    private final Executor workers;
    private final Clock clock;
    private final StreamFraming.Decoder frames;

    private volatile Exchange exchange;
    // Guarded by this: I/O callbacks and timer callbacks meet here.
    private OnePieceAnswer onePiece;
    private boolean finished;
    private boolean completedCleanly;
    private final StreamTally tally;
    private final SilenceWatch silence;
    private final ChunkRelay relay;

    StreamingAttempt(UpstreamCall call, ChatWire wire, CompletableFuture<UpstreamReply> reply, Executor workers,
                     Timers timers, Clock clock) {
        this.call = call;
        this.wire = wire;
        this.events = wire.events(call);
        this.frames = wire.framing().open(this::onEvent);
        this.reply = reply;
        this.workers = workers;
        this.clock = clock;
        this.tally = new StreamTally(call.model().upstreamModel());
        this.silence = new SilenceWatch(timers, clock, call.limits(), this::onTimer);
        this.relay = new ChunkRelay(call, tally, this, silence::firstContent, this::finishAndAbort);
    }

    /** Arms the first-token timer; call before the request is sent (its answer may arrive at once). */
    synchronized void arm() {
        silence.awaitFirstToken();
        reply.whenComplete((r, e) -> {
            if (reply.isCancelled()) {
                cancel();
            }
        });
    }

    /** The exchange, once the transport has it; aborted at once if the attempt already ended. */
    void attach(Exchange exchange) {
        boolean abort;
        synchronized (this) {
            this.exchange = exchange;
            abort = finished && !completedCleanly;
        }
        if (abort) {
            exchange.abort();
        }
    }

    @Override
    public synchronized void onHead(ResponseHead head) {
        onePiece = OnePieceAnswer.startedBy(head, wire.framing());
    }

    @Override
    public synchronized void onData(ByteBuffer data) {
        if (finished) {
            return;
        }
        if (onePiece != null) {
            if (!onePiece.add(data)) {
                finishAndAbort(BoundedBody.TOO_LARGE);
            }
            return;
        }
        try {
            frames.feed(data);
        } catch (IOException e) {
            onBroken(StreamBreak.ERROR, e.getMessage(), FailureKind.MALFORMED);
        }
    }

    @Override
    public synchronized void onEnd() {
        if (finished) {
            return;
        }
        completedCleanly = true;
        if (onePiece != null) {
            finish(onePiece.ended(call, wire, relay, clock));
            return;
        }
        frames.end();
        if (finished) {
            return;
        }
        finish(tally.atBodyEnd(relay.started()));
    }

    @Override
    public synchronized void onFailure(IOException error, ResponseHead head) {
        if (finished) {
            return;
        }
        if (head == null) {
            finish(HttpReplies.connectionFailure(error));
        } else if (onePiece != null && !head.isSuccess()) {
            finish(onePiece.cutError(call, wire, clock));
        } else if (relay.started() && tally.finish() != null) {
            finish(tally.ended()); // only the tail after the last chunk was lost
        } else {
            onBroken(StreamBreak.CUT, "connection lost: " + HttpReplies.describe(error), FailureKind.MALFORMED);
        }
    }

    private void onEvent(String data) {
        if (finished) {
            return;
        }
        silence.event();
        events.translate(data, relay);
    }

    @Override
    public void pause() {
        silence.paused();
        onExchange(Exchange::pause);
    }

    @Override
    public void resume() {
        silence.resumed();
        onExchange(Exchange::resume);
    }

    private void onBroken(StreamBreak kind, String detail, FailureKind beforeContent) {
        if (relay.started()) {
            finishAndAbort(tally.broken(kind, detail));
        } else {
            finishAndAbort(new UpstreamReply.Failed(beforeContent, detail));
        }
    }

    private synchronized void onTimer() {
        if (finished) {
            return;
        }
        UpstreamReply expired = silence.expired(relay.started(), tally);
        if (expired != null) {
            finishAndAbort(expired);
        }
    }

    private void finishAndAbort(UpstreamReply r) {
        finish(r);
        onExchange(Exchange::abort);
    }

    private void finish(UpstreamReply r) {
        finished = true;
        silence.stop();
        workers.execute(() -> reply.complete(r));
    }

    private synchronized void cancel() {
        finished = true;
        silence.stop();
        onExchange(Exchange::abort);
    }

    /** The exchange may not be attached yet: the request is still being sent. */
    private void onExchange(Consumer<Exchange> action) {
        Exchange e = exchange;
        if (e != null) {
            action.accept(e);
        }
    }
}
