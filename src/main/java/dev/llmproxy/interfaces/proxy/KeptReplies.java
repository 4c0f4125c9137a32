package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.proxy.ChatExchange;
import dev.llmproxy.application.replay.Keeping;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.routing.ChainResult;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletResponse;

import java.util.Map;

/** Answers kept for idempotency keys: what of an answer is kept, and how a kept one is given again. */
final class KeptReplies {

    /** Names the request whose answer a replay gives again. */
    static final String REPLAY_OF = "X-Proxy-Replay-Of";

    private KeptReplies() {
    }

    /**
     * Keeps a run's answer when it succeeded and is whole; otherwise releases the key. Nothing when the request has
     * no key.
     *
     * @param headers what the answer says of its chain ({@link AnswerHeaders})
     * @param body    the whole answer, a stream's events included; null when there is none to keep
     */
    static void ended(Keeping keeping, ChainResult result, Map<String, String> headers, String contentType,
                      byte[] body) {
        if (keeping == null) {
            return;
        }
        if (result instanceof ChainResult.Answered a && body != null) {
            keeping.keep(a.model().name(), a.fallback(), 200, contentType, headers, body);
        } else {
            keeping.release();
        }
    }

    /** The run ended with nothing to keep: its key, if it has one, is released. */
    static void release(Keeping keeping) {
        if (keeping != null) {
            keeping.release();
        }
    }

    /** Gives {@code kept} again, as it was given, naming the request it answered. */
    static void replay(AsyncContext async, ChatExchange exchange, KeptAnswer kept) {
        HttpServletResponse res = (HttpServletResponse) async.getResponse();
        res.setStatus(kept.status());
        res.setContentType(kept.contentType());
        kept.headers().forEach(res::setHeader);
        res.setHeader(REPLAY_OF, kept.requestId());
        if (kept.stream()) {
            res.setHeader("Cache-Control", "no-cache");
        } else {
            res.setContentLength(kept.body().length);
        }
        OverheadHeader.set(res, exchange);
        AsyncAnswer.sendOrEnd(async, exchange.requestId(), kept.body());
    }
}
