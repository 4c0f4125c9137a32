package dev.llmproxy.domain.streaming;

import java.util.List;

/**
 * One piece of a streamed answer, as relayed to the client: in the chat dialect as it came (what a chat caller is
 * given, unknown fields and all) and typed (what the other dialects' doors write their events from).
 *
 * @param deltaJson    the upstream's {@code delta} object, re-serialised (JSON text)
 * @param text         the content text it adds to the answer ("" if none)
 * @param finishReason the finish reason it carries, or null
 * @param toolCall     whether it carries part of a tool call ({@code tool_calls}, or the legacy {@code function_call})
 * @param logprobsJson the choice's {@code logprobs} as the upstream sent them (JSON text), or null
 * @param fingerprint  the upstream's {@code system_fingerprint}, or null
 * @param parts        what it adds besides its text, typed
 * @param sent         the provider's events it was read from, as they came, when they came in a dialect a door
 *                     speaks too (with those before it that carried nothing to relay); else none
 */
public record StreamEvent(String deltaJson, String text, String finishReason, boolean toolCall, String logprobsJson,
                          String fingerprint, DeltaParts parts, List<SentEvent> sent) {

    public StreamEvent {
        parts = parts == null ? DeltaParts.NONE : parts;
        sent = sent == null ? List.of() : List.copyOf(sent);
    }

    public StreamEvent(String deltaJson, String text, String finishReason, boolean toolCall, DeltaParts parts) {
        this(deltaJson, text, finishReason, toolCall, null, null, parts, List.of());
    }

    /** A piece of text (or an empty delta with a finish reason). */
    public StreamEvent(String deltaJson, String text, String finishReason) {
        this(deltaJson, text, finishReason, false, DeltaParts.NONE);
    }
}
