package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.proxy.ChatExchange;
import dev.llmproxy.application.replay.Keeping;
import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.Reuse;
import dev.llmproxy.domain.routing.ChainResult;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletResponse;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Kept answers: what of an answer is kept, and how a kept one is given again. */
final class KeptReplies {

    /** Names the request whose answer is given again. */
    static final String REPLAY_OF = "X-Proxy-Replay-Of";
    /** How it is given again: {@code replay}, {@code fresh} or {@code stale} ({@link Reuse.Kind}). */
    static final String REUSED = "X-Proxy-Reused";
    /** An answer that is not whole for another turn: it asks for a tool's result, or it declined, or it was cut. */
    private static final Set<Finish> NOT_FOR_ANOTHER = EnumSet.of(Finish.TOOL_CALLS, Finish.REFUSAL,
            Finish.CONTENT_FILTER, Finish.LENGTH);

    private KeptReplies() {
    }

    /**
     * Keeps a run's answer when it succeeded and is whole; otherwise releases the key. Nothing when the request has
     * nowhere to keep it.
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
            keeping.keep(a.model().name(), a.fallback(), 200, contentType, headers, body,
                    !a.truncated() && !NOT_FOR_ANOTHER.contains(a.finish()));
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

    /**
     * The headers of {@code kept} given again: its own, which request it answered and how it is given again, its age
     * (as HTTP caches say it) unless it is a replay, and {@code these}.
     */
    static Map<String, String> headers(KeptAnswer kept, Reuse.Kind how, ChatExchange exchange,
                                       Map<String, String> these) {
        Map<String, String> headers = new LinkedHashMap<>(kept.headers());
        headers.put(REPLAY_OF, kept.requestId());
        headers.put(REUSED, how.wireName());
        if (how != Reuse.Kind.REPLAY) {
            headers.put("Age", Long.toString(kept.ageSeconds(exchange.now())));
        }
        headers.putAll(these);
        return headers;
    }

    /** Gives {@code kept} again, as it was given; {@code these} headers say what is new of this exchange. */
    static void replay(AsyncContext async, ChatExchange exchange, KeptAnswer kept, Reuse.Kind how,
                       Map<String, String> these) {
        HttpServletResponse res = (HttpServletResponse) async.getResponse();
        res.setStatus(kept.status());
        res.setContentType(kept.contentType());
        AnswerHeaders.set(res, headers(kept, how, exchange, these));
        if (kept.stream()) {
            res.setHeader("Cache-Control", "no-cache");
        } else {
            res.setContentLength(kept.body().length);
        }
        OverheadHeader.set(res, exchange);
        AsyncAnswer.sendOrEnd(async, exchange.requestId(), kept.body());
    }
}
