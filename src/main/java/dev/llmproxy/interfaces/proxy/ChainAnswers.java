package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.application.proxy.StreamedUsage;
import dev.llmproxy.domain.routing.ChainResult;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletResponse;

import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

/** How a chain's result becomes the client's answer: its status, the X-Proxy headers, the body, a stream's end. */
final class ChainAnswers {

    private static final Logger LOG = Logger.getLogger(ChainAnswers.class.getName());

    private ChainAnswers() {
    }

    /** Ends a stream as its chain ended: usage and {@code [DONE]}, an in-band error, or an ordinary error answer. */
    static void endStream(SseResponse sse, AsyncContext async, String requestId, ChatRequest chat,
                                  CompletableFuture<ChainResult> run, ChainResult result, Throwable error) {
        if (result instanceof ChainResult.Streamed s) {
            sse.finish(chat.includeUsage() ? StreamedUsage.of(s, chat) : null);
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
                sse.fail(ApiServlet.INTERNAL);
            } else {
                sse.reject(ApiServlet.INTERNAL);
            }
        }
    }

    private static long calls(ChainResult result) {
        return result.attempts().stream().filter(a -> !a.outcome().skipped()).count();
    }

    /** What every answer says about its chain; a failure names no model and is no fallback. */
    private static void proxyHeaders(HttpServletResponse res, ChainResult result) {
        res.setHeader("X-Proxy-Attempts", Long.toString(calls(result)));
        res.setHeader("X-Proxy-Saw-429", Boolean.toString(result.saw429()));
        if (result instanceof ChainResult.Failure) {
            res.setHeader("X-Proxy-Fallback", "false");
        }
    }

    /** Sets the answer's status and headers; returns its body. */
    static byte[] prepare(HttpServletResponse res, ChainResult result) {
        proxyHeaders(res, result);
        if (result instanceof ChainResult.Success s) {
            res.setHeader("X-Proxy-Model", s.model().name());
            res.setHeader("X-Proxy-Fallback", Boolean.toString(s.fallback()));
            if (s.truncated()) {
                res.setHeader("X-Proxy-Truncated", "true");
            }
            return JsonResponses.prepare(res, 200, s.reply().body());
        }
        return JsonResponses.prepareError(res, ((ChainResult.Failure) result).error());
    }
}
