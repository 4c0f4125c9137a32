package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.proxy.ChatExchange;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.application.replay.Keeping;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.Reuse;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.interfaces.proxy.door.Dialect;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

/** How a chain's result becomes the client's answer: its status, the X-Proxy headers, the body, a stream's end. */
final class ChainAnswers {

    static final String SSE = "text/event-stream;charset=UTF-8";

    private static final Logger LOG = Logger.getLogger(ChainAnswers.class.getName());

    private ChainAnswers() {
    }

    /**
     * An answer in one piece; whatever is thrown, the exchange ends with an answer.
     *
     * @param keeping where the answer is kept (for a request's idempotency key, for its tier to give again); null for
     *                nowhere. A run with an idempotency key is not stopped when its client leaves: its answer is what
     *                the client's retry gets.
     * @param stale   finds the earlier answer that stands in for a failure of every model
     */
    static void answer(AsyncContext async, CancelOnAbandon abandon, ChatExchange exchange, ChatRequest chat,
                       Dialect dialect, Keeping keeping, Supplier<Optional<KeptAnswer>> stale) {
        String requestId = exchange.requestId();
        HttpServletResponse res = (HttpServletResponse) async.getResponse();
        CompletableFuture<ChainResult> run = exchange.run(chat, null, stale);
        if (keeping == null || !keeping.outlivesClient()) {
            abandon.watch(run);
        }
        run.whenComplete((result, error) -> {
            if (run.isCancelled()) {
                KeptReplies.release(keeping);
                AsyncAnswer.end(async);
                return;
            }
            if (result == null) {
                LOG.log(Level.SEVERE, "Request " + requestId + " failed inside the proxy", error);
                KeptReplies.release(keeping);
                OverheadHeader.set(res, exchange);
                AsyncAnswer.endWithError(async, requestId, ProxyError.INTERNAL, dialect);
                return;
            }
            try {
                if (result instanceof ChainResult.Stale st) {
                    KeptReplies.release(keeping); // a retry runs again: the providers may be back
                    if (abandon.over()) {
                        AsyncAnswer.end(async);
                    } else {
                        KeptReplies.replay(async, exchange, st.answer(), Reuse.Kind.STALE, AnswerHeaders.ofRun(st));
                    }
                    return;
                }
                Map<String, String> headers = AnswerHeaders.of(result, exchange::answeredLocally);
                byte[] body = result instanceof ChainResult.Success s ? dialect.answer(s, requestId) : null;
                KeptReplies.ended(keeping, result, headers, "application/json", body);
                if (abandon.over()) {
                    AsyncAnswer.end(async); // the client left; its retry gets the answer kept
                    return;
                }
                AnswerHeaders.set(res, headers);
                OverheadHeader.set(res, exchange);
                AsyncAnswer.sendOrEnd(async, requestId, body != null ? JsonResponses.prepare(res, 200, body)
                        : dialect.prepareError(res, ((ChainResult.Failure) result).error()));
            } catch (RuntimeException | Error e) {
                LOG.log(Level.SEVERE, "Could not answer request " + requestId, e);
                KeptReplies.release(keeping);
                AsyncAnswer.endWithError(async, requestId, ProxyError.INTERNAL, dialect);
            }
        });
    }

    /**
     * A streamed answer: nothing is sent until the first content (so every failure before it is an ordinary error
     * response), then events as they arrive, and at the end usage (if asked for) and {@code [DONE]}, or an in-band
     * error and no {@code [DONE]}.
     */
    static void stream(AsyncContext async, CancelOnAbandon abandon, ChatExchange exchange, ChatRequest chat,
                       Dialect dialect, Sleeper sleeper, Keeping keeping, Supplier<Optional<KeptAnswer>> stale)
            throws IOException {
        String requestId = exchange.requestId();
        CompletableFuture<Void> clientGone = new CompletableFuture<>();
        SseRecording recording = keeping == null ? SseRecording.NONE : new SseRecording(true);
        SseResponse sse = new SseResponse(async, dialect.stream(requestId, exchange.receivedAt().getEpochSecond(),
                chat), dialect, () -> clientGone.complete(null), exchange, sleeper, recording);
        CompletableFuture<ChainResult> run = exchange.run(chat, sse, stale);
        if (keeping == null || !keeping.outlivesClient()) {
            clientGone.thenRun(() -> run.cancel(true));
            abandon.watch(run);
        } else {
            // A keyed stream goes on to its end without its client, for the retry to get it whole; the client's
            // response is no longer written once the exchange is over.
            CompletableFuture<Void> left = new CompletableFuture<>();
            left.whenComplete((none, cancelled) -> sse.onError(cancelled));
            abandon.watch(left);
        }
        run.whenComplete((result, error) -> {
            try {
                endStream(sse, exchange, run, result, error);
                // kept when it ended properly; otherwise the key is released
                KeptReplies.ended(keeping, result instanceof ChainResult.Streamed ? result : null,
                        recording.headers(), SSE, recording.events());
            } catch (RuntimeException | Error e) {
                KeptReplies.release(keeping);
                LOG.log(Level.SEVERE, "Could not end the stream of request " + requestId, e);
                if (sse.isOpen()) {
                    AsyncAnswer.end(async);
                } else {
                    AsyncAnswer.endWithError(async, requestId, ProxyError.INTERNAL, dialect);
                }
            }
        });
    }

    /** Ends a stream as its chain ended: its proper end, an in-band error, or an ordinary error answer. */
    private static void endStream(SseResponse sse, ChatExchange exchange,
                                  CompletableFuture<ChainResult> run, ChainResult result, Throwable error) {
        if (result instanceof ChainResult.Streamed s) {
            sse.finish(s.usage());
        } else if (result instanceof ChainResult.Stale st) {
            sse.giveAgain(st.answer(), KeptReplies.headers(st.answer(), Reuse.Kind.STALE, exchange,
                    AnswerHeaders.ofRun(st)));
        } else if (result instanceof ChainResult.Failure f) {
            if (sse.isOpen()) {
                sse.fail(f.error());
            } else {
                // Nothing streamed and the run is over: the response is ours alone to set up.
                sse.reject(f.error(), AnswerHeaders.ofFailure(f));
            }
        } else if (run.isCancelled()) {
            sse.abandon();
        } else {
            LOG.log(Level.SEVERE, "Request " + exchange.requestId() + " failed inside the proxy", error);
            if (sse.isOpen()) {
                sse.fail(ProxyError.INTERNAL);
            } else {
                sse.reject(ProxyError.INTERNAL, Map.of());
            }
        }
    }

    /** A stream's status and headers, set with its first content. */
    static void streamOpened(HttpServletResponse res, Map<String, String> headers, ChatExchange exchange) {
        res.setStatus(200);
        res.setContentType(SSE);
        res.setHeader("Cache-Control", "no-cache");
        res.setHeader("X-Accel-Buffering", "no");
        AnswerHeaders.set(res, headers);
        OverheadHeader.set(res, exchange);
    }
}
