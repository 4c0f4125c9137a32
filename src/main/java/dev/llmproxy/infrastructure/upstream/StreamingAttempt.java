package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.StreamBreak;
import dev.llmproxy.domain.streaming.Backpressure;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.Exchange;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import dev.llmproxy.infrastructure.upstream.http.ResponseListener;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.logging.Logger;

/**
 * One streaming attempt against an OpenAI-compatible upstream. Until the first content arrives it behaves like a
 * plain attempt (any status, reset or timeout is an ordinary reply the chain may route around); from then on each
 * content event goes to the call's observer, and the reply says how the stream ended: properly, or cut, stalled or
 * errored. Malformed events are skipped and counted, never relayed.
 */
final class StreamingAttempt implements ResponseListener, Backpressure {

    private static final Logger LOG = Logger.getLogger(StreamingAttempt.class.getName());

    private final UpstreamCall call;
    private final CompletableFuture<UpstreamReply> reply;
    private final Executor workers;
    private final Timers timers;
    private final Clock clock;
    private final SseParser sse = new SseParser(this::onSseData);

    private volatile Exchange exchange;
    // Guarded by this: I/O callbacks and timer callbacks meet here.
    private ResponseHead head;
    private ByteArrayOutputStream nonStreamBody;
    private boolean started;
    private boolean finished;
    private boolean completedCleanly;
    private final StreamTally tally;
    private long lastEventAt;
    private volatile boolean paused;
    /** When the client last caught up: silence while we were not reading is not the upstream's. */
    private volatile long resumedAt;
    private ScheduledFuture<?> timer;

    StreamingAttempt(UpstreamCall call, CompletableFuture<UpstreamReply> reply, Executor workers, Timers timers, Clock clock) {
        this.call = call;
        this.reply = reply;
        this.workers = workers;
        this.timers = timers;
        this.clock = clock;
        this.tally = new StreamTally(call.model().upstreamModel());
    }

    /** Arms the first-token timer; call before the request is sent (its answer may arrive at once). */
    synchronized void arm() {
        timer = timers.schedule(call.limits().firstToken(), this::onTimer);
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
        this.head = head;
        String type = head.header("content-type");
        if (!head.isSuccess() || type == null || !type.toLowerCase().contains("text/event-stream")) {
            // An error status, or an upstream that ignored stream:true and answered in one piece.
            nonStreamBody = new ByteArrayOutputStream(1024);
        }
    }

    @Override
    public synchronized void onData(ByteBuffer data) {
        if (finished) {
            return;
        }
        if (nonStreamBody != null) {
            if (nonStreamBody.size() + data.remaining() > OpenAiHttpUpstream.MAX_BODY) {
                finishAndAbort(new UpstreamReply.Failed(FailureKind.MALFORMED,
                        "response body larger than " + OpenAiHttpUpstream.MAX_BODY + " bytes"));
                return;
            }
            OpenAiHttpUpstream.append(nonStreamBody, data);
            return;
        }
        try {
            sse.feed(data);
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
        if (nonStreamBody != null) {
            finish(wholeAnswer(nonStreamBody.toByteArray()));
            return;
        }
        sse.end();
        if (finished) {
            return;
        }
        if (!started) {
            finish(new UpstreamReply.Failed(FailureKind.MALFORMED, "stream ended before any content"));
        } else if (tally.saidItEnded()) {
            finish(tally.ended());
        } else {
            // Ended at the HTTP level without a finish reason or [DONE]: finalise now, as a cut.
            finish(tally.broken(StreamBreak.CUT,
                    "stream ended without a finish reason or [DONE] after " + tally.events() + " events"));
        }
    }

    @Override
    public synchronized void onFailure(IOException error, ResponseHead head) {
        if (finished) {
            return;
        }
        if (head == null) {
            finish(OpenAiHttpUpstream.connectionFailure(error));
        } else if (nonStreamBody != null && !head.isSuccess()) {
            finish(OpenAiHttpUpstream.httpError(call, head, nonStreamBody.toByteArray(), clock));
        } else if (started && tally.finishReason() != null) {
            finish(tally.ended()); // only the tail after the last chunk was lost
        } else {
            onBroken(StreamBreak.CUT, "connection lost: " + OpenAiHttpUpstream.describe(error), FailureKind.MALFORMED);
        }
    }

    private void onSseData(String data) {
        if (finished) {
            return;
        }
        lastEventAt = clock.millis();
        if (data.equals("[DONE]")) {
            tally.done();
            return;
        }
        StreamChunk read = StreamChunk.read(data);
        if (read instanceof StreamChunk.Malformed) {
            tally.malformed();
            LOG.warning("Skipped a malformed stream event from " + call.provider().name() + "/"
                    + call.model().upstreamModel() + " for request " + call.requestId() + ": "
                    + data.substring(0, Math.min(200, data.length())));
            return;
        }
        if (read instanceof StreamChunk.Error e) {
            onUpstreamError(e.error());
            return;
        }
        StreamChunk.Chunk chunk = (StreamChunk.Chunk) read;
        tally.note(chunk);
        if (chunk.delta() == null) {
            return;
        }
        String finish = chunk.finishReason();
        if (!started) {
            if (!chunk.carriesContent() && finish == null) {
                return; // the role-only opening chunk: nothing to show yet
            }
            started = true;
            // From the first content on, silence is measured against the idle limit.
            timer.cancel(false);
            timer = timers.schedule(call.limits().idle(), this::onTimer);
        }
        tally.relayed(finish);
        call.stream().onEvent(new StreamEvent(JsonCodec.writeText(chunk.delta()), chunk.text(), finish,
                chunk.carriesToolCall()), this);
    }

    @Override
    public void pause() {
        paused = true;
        Exchange e = exchange;
        if (e != null) {
            e.pause();
        }
    }

    @Override
    public void resume() {
        resumedAt = clock.millis();
        paused = false;
        Exchange e = exchange;
        if (e != null) {
            e.resume();
        }
    }

    private void onUpstreamError(JsonObject error) {
        String message = error.get("message") instanceof JsonString m ? m.getString() : error.toString();
        LOG.warning("Upstream " + call.provider().name() + "/" + call.model().upstreamModel()
                + " sent an error event for request " + call.requestId() + ": " + message);
        if (started) {
            finishAndAbort(tally.broken(StreamBreak.ERROR, "error event: " + abbreviate(message)));
            return;
        }
        int status = error.get("code") instanceof JsonNumber n && n.isIntegral() && n.intValue() >= 400
                && n.intValue() <= 599 ? n.intValue() : 502;
        finishAndAbort(new UpstreamReply.HttpError(status, null, error.toString()));
    }

    private void onBroken(StreamBreak kind, String detail, FailureKind beforeContent) {
        if (started) {
            finishAndAbort(tally.broken(kind, detail));
        } else {
            finishAndAbort(new UpstreamReply.Failed(beforeContent, detail));
        }
    }

    private synchronized void onTimer() {
        if (finished) {
            return;
        }
        long now = clock.millis();
        if (!started) {
            finishAndAbort(new UpstreamReply.Failed(FailureKind.TIMEOUT,
                    "no first token in " + call.limits().firstToken().toMillis() + " ms"));
            return;
        }
        long idle = call.limits().idle().toMillis();
        long silent = now - Math.max(lastEventAt, resumedAt);
        if (paused) {
            timer = timers.schedule(Duration.ofMillis(idle), this::onTimer);
        } else if (silent >= idle) {
            finishAndAbort(tally.broken(StreamBreak.STALL,
                    "stalled: no event for " + silent + " ms after " + tally.events() + " events"));
        } else {
            timer = timers.schedule(Duration.ofMillis(idle - silent), this::onTimer);
        }
    }

    private UpstreamReply wholeAnswer(byte[] body) {
        if (!head.isSuccess()) {
            return OpenAiHttpUpstream.httpError(call, head, body, clock);
        }
        UpstreamReply parsed = CompletionParser.parse(body, call.model().upstreamModel());
        if (!(parsed instanceof UpstreamReply.Completed c)) {
            return parsed;
        }
        // The upstream ignored stream:true: relay its answer as one event.
        JsonObject message = CompletionParser.firstMessage(c.body());
        String text = message != null && message.get("content") instanceof JsonString s ? s.getString() : "";
        JsonObject delta = JsonCodec.object().add("role", "assistant").add("content", text).build();
        started = true;
        tally.whole(c);
        call.stream().onEvent(new StreamEvent(JsonCodec.writeText(delta), text, tally.finishReason()), this);
        return tally.ended();
    }

    private void finishAndAbort(UpstreamReply r) {
        finish(r);
        Exchange e = exchange;
        if (e != null) {
            e.abort();
        }
    }

    private void finish(UpstreamReply r) {
        finished = true;
        if (timer != null) {
            timer.cancel(false);
        }
        workers.execute(() -> reply.complete(r));
    }

    private synchronized void cancel() {
        finished = true;
        if (timer != null) {
            timer.cancel(false);
        }
        Exchange e = exchange;
        if (e != null) {
            e.abort();
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "...";
    }
}
