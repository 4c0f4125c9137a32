package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.domain.conversation.Thinking;

/** One thinking block of a streamed answer as it comes in: its text and signature, or a redacted block, whole. */
final class StreamedThought {

    private final String redacted;
    private final StringBuilder text;
    private String signature;

    /** @param redacted the redacted block's data, or null for thinking that streams its text */
    StreamedThought(String redacted, String text) {
        this.redacted = redacted;
        this.text = new StringBuilder(text);
    }

    void append(String thinking) {
        text.append(thinking);
    }

    void signed(String signature) {
        this.signature = signature;
    }

    /** The block as Claude wrote it, once a caller could hand it back (redacted, or signed); else null. */
    Thinking block() {
        if (redacted != null) {
            return Thinking.redacted(redacted);
        }
        return signature == null ? null : Thinking.signed(text.toString(), signature);
    }
}
