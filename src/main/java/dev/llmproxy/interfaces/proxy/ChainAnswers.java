package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.proxy.ChatExchange;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.interfaces.proxy.door.Dialect;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

/** How a chain's result becomes the client's answer: its status, the X-Proxy headers, the body, a stream's end. */
final class ChainAnswers {

    private static final Logger LOG = Logger.getLogger(ChainAnswers.class.getName());

    private ChainAnswers() {
    }

    /** An answer in one piece; whatever is thrown, the exchange ends with an answer. */
    static void answer(AsyncContext async, CancelOnAbandon abandon, ChatExchange exchange, ChatRequest chat,
                       Dialect dialect) {
        String requestId = exchange.requestId();
        HttpServletResponse res = (HttpServletResponse) async.getResponse();
        CompletableFuture<ChainResult> run = exchange.run(chat, null);
        abandon.watch(run);
        run.whenComplete((result, error) -> {
            if (run.isCancelled()) {
                AsyncAnswer.end(async);
                return;
            }
            if (result == null) {
                LOG.log(Level.SEVERE, "Request " + requestId + " failed inside the proxy", error);
                OverheadHeader.set(res, exchange);
                AsyncAnswer.endWithError(async, requestId, ProxyError.INTERNAL, dialect);
                return;
            }
            try {
                OverheadHeader.set(res, exchange);
                AsyncAnswer.sendOrEnd(async, requestId, prepare(res, result, exchange::answeredLocally, dialect, requestId));
            } catch (RuntimeException | Error e) {
                LOG.log(Level.SEVERE, "Could not answer request " + requestId, e);
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
                       Dialect dialect, Sleeper sleeper) throws IOException {
        String requestId = exchange.requestId();
        CompletableFuture<Void> clientGone = new CompletableFuture<>();
        SseResponse sse = new SseResponse(async, dialect.stream(requestId, exchange.receivedAt().getEpochSecond(),
                chat), dialect, () -> clientGone.complete(null), exchange, sleeper);
        CompletableFuture<ChainResult> run = exchange.run(chat, sse);
        clientGone.thenRun(() -> run.cancel(true));
        abandon.watch(run);
        run.whenComplete((result, error) -> {
            try {
                endStream(sse, async, requestId, run, result, error);
            } catch (RuntimeException | Error e) {
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
    private static void endStream(SseResponse sse, AsyncContext async, String requestId,
                                  CompletableFuture<ChainResult> run, ChainResult result, Throwable error) {
        if (result instanceof ChainResult.Streamed s) {
            sse.finish(s.usage());
        } else if (result instanceof ChainResult.Failure f) {
            if (sse.isOpen()) {
                sse.fail(f.error());
            } else {
                // Nothing streamed and the run is over: the response is ours alone to set up.
                proxyHeaders((HttpServletResponse) async.getResponse(), f);
                sse.reject(f.error());
            }
        } else if (run.isCancelled()) {
            sse.abandon();
        } else {
            LOG.log(Level.SEVERE, "Request " + requestId + " failed inside the proxy", error);
            if (sse.isOpen()) {
                sse.fail(ProxyError.INTERNAL);
            } else {
                sse.reject(ProxyError.INTERNAL);
            }
        }
    }

    private static long calls(ChainResult result) {
        return result.attempts().stream().filter(a -> !a.outcome().skipped()).count();
    }

    /** A stream's status and headers, set with its first content. */
    static void streamOpened(HttpServletResponse res, AllowedModel allowed, boolean fallback, boolean saw429,
                             ChatExchange exchange) {
        res.setStatus(200);
        res.setContentType("text/event-stream;charset=UTF-8");
        res.setHeader("Cache-Control", "no-cache");
        res.setHeader("X-Accel-Buffering", "no");
        answeredBy(res, allowed.name(), fallback, saw429, exchange.answeredLocally(allowed.name()));
        OverheadHeader.set(res, exchange);
    }

    /**
     * Who answers, as every successful answer says it (a stream says it before its first content).
     *
     * @param local whether that model is a local stand-in
     */
    private static void answeredBy(HttpServletResponse res, String model, boolean fallback, boolean saw429, boolean local) {
        res.setHeader("X-Proxy-Model", model);
        if (local) {
            res.setHeader("X-Proxy-Local", "true");
        }
        res.setHeader("X-Proxy-Fallback", Boolean.toString(fallback));
        res.setHeader("X-Proxy-Saw-429", Boolean.toString(saw429));
    }

    /** What every answer says about its chain; a failure names no model and is no fallback. */
    private static void proxyHeaders(HttpServletResponse res, ChainResult result) {
        res.setHeader("X-Proxy-Attempts", Long.toString(calls(result)));
        res.setHeader("X-Proxy-Saw-429", Boolean.toString(result.saw429()));
        if (result instanceof ChainResult.Failure) {
            res.setHeader("X-Proxy-Fallback", "false");
        }
    }

    /**
     * Sets the answer's status and headers; returns its body.
     *
     * @param local   whether an allowlisted model (by name) is a local stand-in
     * @param dialect how the answer is said
     */
    static byte[] prepare(HttpServletResponse res, ChainResult result, Predicate<String> local, Dialect dialect,
                          String requestId) {
        proxyHeaders(res, result);
        if (result instanceof ChainResult.Success s) {
            answeredBy(res, s.model().name(), s.fallback(), s.saw429(), local.test(s.model().name()));
            if (s.truncated()) {
                res.setHeader("X-Proxy-Truncated", "true");
            }
            return JsonResponses.prepare(res, 200, dialect.answer(s, requestId));
        }
        return dialect.prepareError(res, ((ChainResult.Failure) result).error());
    }
}
