package dev.llmproxy.domain.answer;

import java.util.Locale;

/**
 * Why an answer ended, in the proxy's own terms: each provider's wire reads its own words into it, each front door
 * writes its dialect's, and the request log keeps its name.
 */
public enum Finish {
    /** The model ended its answer, or reached a stop sequence. */
    STOP,
    /** The output allowance ran out: the answer is truncated. */
    LENGTH,
    /** The model called tools and waits for their results. */
    TOOL_CALLS,
    /** A provider's filter stopped the answer (a safety, recitation or blocklist stop). */
    CONTENT_FILTER,
    /** The model declined to go on (Claude's {@code refusal}). */
    REFUSAL;

    /** The name the request log, the metrics and the traces use. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the answer was refused, by the model or by a filter: what a caller must not take for an answer. */
    public boolean refused() {
        return this == CONTENT_FILTER || this == REFUSAL;
    }

    /** Chat completions' {@code finish_reason}, which has one word for both refusals. */
    public String chat() {
        return this == REFUSAL ? "content_filter" : wireName();
    }

    /**
     * A chat provider's {@code finish_reason}; null when it names none. A word chat does not define (a server's
     * {@code eos}) is a stop; the functions API's {@code function_call} is a tool call.
     */
    public static Finish ofChat(String word) {
        if (word == null || word.isEmpty()) {
            return null;
        }
        return switch (word) {
            case "length" -> LENGTH;
            case "tool_calls", "function_call" -> TOOL_CALLS;
            case "content_filter" -> CONTENT_FILTER;
            case "refusal" -> REFUSAL;
            default -> STOP;
        };
    }
}
