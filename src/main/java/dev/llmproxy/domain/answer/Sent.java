package dev.llmproxy.domain.answer;

/**
 * A whole answer as its provider sent it, in a dialect a front door speaks too: a caller of that dialect gets these
 * bytes unchanged, with whatever the typed answer has no place for.
 */
public record Sent(Dialect dialect, byte[] bytes) {

    /** The dialects a provider may answer in that a front door speaks as well. */
    public enum Dialect { CHAT, MESSAGES }

    /** These bytes when the answer came in {@code dialect}, else null. */
    public static byte[] in(Sent sent, Dialect dialect) {
        return sent != null && sent.dialect == dialect ? sent.bytes : null;
    }
}
