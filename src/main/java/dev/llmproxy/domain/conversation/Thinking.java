package dev.llmproxy.domain.conversation;

/**
 * One of Claude's thinking blocks as it wrote it: signed thinking, or redacted thinking whole. The caller must hand
 * it back unmodified on the next turn for the model to keep thinking after tool results.
 *
 * @param text      the thinking, or "" for a redacted block
 * @param signature its signature, or null for a redacted block
 * @param redacted  the redacted block's data, or null for signed thinking
 */
public record Thinking(String text, String signature, String redacted) implements Part {

    public static Thinking signed(String text, String signature) {
        return new Thinking(text, signature, null);
    }

    public static Thinking redacted(String data) {
        return new Thinking("", null, data);
    }

    public boolean isRedacted() {
        return redacted != null;
    }
}
