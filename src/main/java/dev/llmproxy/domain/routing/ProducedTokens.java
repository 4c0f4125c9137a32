package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.streaming.StreamEvent;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The output tokens of every event each model's attempts sent, relayed, held or dropped: what their providers bill
 * when they report no usage. Per model, since racing attempts (a hedge, on two models) produce at once.
 */
final class ProducedTokens {

    private final Map<String, AtomicLong> byModel = new ConcurrentHashMap<>();

    /** The counter of one model's events. */
    AtomicLong of(String model) {
        return byModel.computeIfAbsent(model, m -> new AtomicLong());
    }

    /** What that model's attempts have produced so far. */
    long so(String model) {
        AtomicLong n = byModel.get(model);
        return n == null ? 0 : n.get();
    }

    /**
     * An event's output tokens, as budgets count them: one per two characters of its text or of its tool-call pieces (text is
     * rarely denser), at least one.
     */
    static long in(StreamEvent event) {
        int chars = !event.text().isEmpty() ? event.text().length() : event.toolCallSize();
        return Math.max(1, (chars + 1) / 2);
    }
}
