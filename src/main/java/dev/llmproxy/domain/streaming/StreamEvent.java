package dev.llmproxy.domain.streaming;

import dev.llmproxy.domain.answer.Finish;

import java.util.List;

/**
 * One piece of a streamed answer, typed, as relayed to the client: each front door writes its own event from it, or
 * relays the provider's events as they came when they came in its dialect ({@link #sent}).
 *
 * @param text         the content text it adds to the answer ("" if none)
 * @param finish       why the answer ended, when this piece ends it; else null
 * @param fingerprint  the upstream's {@code system_fingerprint}, or null
 * @param parts        what it adds besides its text, typed
 * @param sent         the provider's events it was read from, as they came, when they came in a dialect a door
 *                     speaks too (with those before it that carried nothing to relay); else none
 */
public record StreamEvent(String text, Finish finish, String fingerprint, DeltaParts parts, List<SentEvent> sent) {

    public StreamEvent {
        text = text == null ? "" : text;
        parts = parts == null ? DeltaParts.NONE : parts;
        sent = sent == null ? List.of() : List.copyOf(sent);
    }

    public StreamEvent(String text, Finish finish, DeltaParts parts) {
        this(text, finish, null, parts, List.of());
    }

    /** A piece of text (or nothing but a finish reason). */
    public StreamEvent(String text, Finish finish) {
        this(text, finish, DeltaParts.NONE);
    }

    /** Whether it carries part of a tool call. */
    public boolean toolCall() {
        return !parts.toolCalls().isEmpty();
    }

    /**
     * How many characters it adds to the answer (text, thinking, refusal, tool calls): what a window that holds
     * events back counts.
     */
    public int size() {
        return text.length() + parts.size();
    }

    /** The characters of the tool calls it carries, for what estimates their tokens. */
    public int toolCallSize() {
        return parts.toolCallSize();
    }
}
