package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.proxy.ChatExchange;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.domain.streaming.Backpressure;
import dev.llmproxy.domain.streaming.ClientStream;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.interfaces.proxy.door.Dialect;
import dev.llmproxy.interfaces.proxy.door.StreamDialect;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.Map;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * A streamed answer on its way to the client, written with the servlet's non-blocking output: events queue here and
 * go out whenever the connection can take them (on Open Liberty, whose output writes synchronously once the socket's
 * buffer is full, a client that stops reading holds the writing thread until the write timeout). When the client falls
 * {@link ReadBehind#PAUSE_ABOVE} bytes behind, the upstream is paused until it catches up; should the queue still pass
 * {@link PendingBytes#MOST} (an upstream that ignores flow control), the client is cut off instead of filling the heap.
 */
final class SseResponse implements ClientStream, WriteListener {

    private static final Logger LOG = Logger.getLogger(SseResponse.class.getName());

    private final HttpServletResponse response;
    private final StreamDialect chunks;
    private final Dialect dialect;
    private final GoneClient client;
    private final SseOutlet outlet;
    private volatile boolean open;
    private final SseEnding ending;
    private final ChatExchange exchange;
    private final StreamKeepAlive keepAlive;
    private final SseRecording recording;

    /**
     * @param events       how this answer's events are said
     * @param dialect      how an error before the first event is said
     * @param onClientGone called once if the client stops reading or disconnects
     * @param exchange     the request's life: whether a model is a local stand-in, the proxy's time so far
     * @param sleeper      times the dialect's keep-alive events while the stream is idle
     * @param recording    where the answer's events are kept for its idempotency key ({@link SseRecording#NONE}
     *                     without one)
     */
    SseResponse(AsyncContext async, StreamDialect events, Dialect dialect, Runnable onClientGone,
                ChatExchange exchange, Sleeper sleeper, SseRecording recording) throws IOException {
        this.recording = recording;
        this.exchange = exchange;
        this.keepAlive = new StreamKeepAlive(sleeper);
        this.response = (HttpServletResponse) async.getResponse();
        ServletOutputStream out = response.getOutputStream();
        this.chunks = events;
        this.dialect = dialect;
        this.client = new GoneClient(onClientGone);
        this.outlet = new SseOutlet(out);
        this.ending = new SseEnding(async, response, out);
        out.setWriteListener(this);
    }

    @Override
    public void open(AllowedModel allowed, String upstreamModel, boolean fallback, boolean saw429) {
        synchronized (this) {
            open = true;
            Map<String, String> headers = AnswerHeaders.ofStream(allowed.name(), fallback, saw429,
                    exchange.answeredLocally(allowed.name()));
            recording.opened(headers);
            if (!client.gone()) { // a keyed stream goes on without its client, whose response is no longer ours
                ChainAnswers.streamOpened(response, headers, exchange);
            }
            enqueue(recording.add(chunks.open(upstreamModel)));
        }
        client.tellIfGone(); // outside this object's lock: see GoneClient
        keepAlive.start(this::keptAlive);
    }

    /** Whether the stream goes on (and so is looked at again); a silent one gets the dialect's keep-alive. */
    private synchronized boolean keptAlive() {
        if (ending.ending() || client.gone()) {
            return false;
        }
        if (keepAlive.silentSinceLastLook()) {
            byte[] idle = chunks.idle();
            if (idle.length == 0) {
                return false; // this dialect has no keep-alive: no more looks
            }
            enqueue(idle);
            keepAlive.silentSinceLastLook(); // the keep-alive itself is not the stream speaking
        }
        return true;
    }

    @Override
    public synchronized void spliced(AllowedModel allowed, String upstreamModel) {
        chunks.answeredBy(upstreamModel);
    }

    @Override
    public void event(StreamEvent event, Backpressure valve) {
        Backpressure pause;
        synchronized (this) {
            enqueue(recording.add(chunks.event(event)));
            pause = client.gone() ? null : outlet.queued(valve);
        }
        // Outside this lock: the valve takes the attempt's lock (see GoneClient).
        if (pause != null) {
            pause.pause();
        }
        client.tellIfGone();
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    /** The answer is complete: the dialect's end (for chat, the usage chunk when asked for, then {@code [DONE]}). */
    synchronized void finish(TokenUsage usage) {
        enqueue(recording.add(chunks.finish(usage)));
        end(false);
    }

    /**
     * The answer broke off: an {@code error} event, no {@code [DONE]}, and then the connection is cut, so that the body
     * has no proper end either and no client can mistake it for a complete answer.
     */
    synchronized void fail(ProxyError error) {
        enqueue(chunks.error(error));
        end(true);
    }

    /** Before anything was streamed: an ordinary JSON error response with its status and the chain's headers. */
    synchronized void reject(ProxyError error, Map<String, String> headers) {
        answerWhole(headers, () -> dialect.prepareError(response, error));
    }

    /** Before anything was streamed: an earlier answer given in place of the error, its events as they were sent. */
    synchronized void giveAgain(KeptAnswer kept, Map<String, String> headers) {
        answerWhole(headers, () -> {
            response.setStatus(kept.status());
            response.setContentType(kept.contentType());
            response.setHeader("Cache-Control", "no-cache");
            return kept.body();
        });
    }

    /** One answer in place of the stream; {@code body} sets its status and gives its bytes. */
    private void answerWhole(Map<String, String> headers, Supplier<byte[]> body) {
        if (client.gone()) { // a keyed stream's run outlives its client, whose response is no longer ours
            end(false);
            return;
        }
        AnswerHeaders.set(response, headers);
        OverheadHeader.set(response, exchange);
        enqueue(body.get());
        end(false);
    }

    /** Ends the exchange without another byte (the client is gone). */
    synchronized void abandon() {
        outlet.clear();
        end(false);
    }

    private void end(boolean cut) {
        ending.begin(cut);
        drain();
    }

    private void enqueue(byte[] bytes) {
        if (ending.ending() || client.gone() || bytes.length == 0) {
            return;
        }
        keepAlive.wrote();
        if (!outlet.add(bytes)) {
            LOG.warning("Client is not reading its stream (" + outlet.size() + " bytes queued); cutting it off");
            // what it has not read is dropped: a clean end would pass the stream off as whole
            clientGone(true);
            return;
        }
        drain();
    }

    @Override
    public void onWritePossible() {
        Backpressure resume;
        synchronized (this) {
            drain();
            resume = outlet.takeResume();
        }
        if (resume != null) {
            resume.resume();
        }
        client.tellIfGone();
    }

    @Override
    public void onError(Throwable t) {
        synchronized (this) {
            clientGone(false);
        }
        client.tellIfGone();
    }

    private void drain() {
        if (ending.ended()) {
            return;
        }
        try {
            outlet.drain(ending);
        } catch (IOException | IllegalStateException e) {
            clientGone(false);
        }
    }

    private void clientGone(boolean cut) {
        if (!client.mark()) {
            return;
        }
        outlet.clear();
        ending.abort(cut);
    }
}
