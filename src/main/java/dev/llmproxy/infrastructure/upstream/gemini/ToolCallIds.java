package dev.llmproxy.infrastructure.upstream.gemini;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Tool-call ids for Gemini's function calls. Gemini returns an opaque {@code thoughtSignature} with a call and wants
 * it back on that call in the next turn, but OpenAI's format has no place for it. The id does: callers echo it
 * verbatim (on the assistant message's tool call and the tool message's {@code tool_call_id}).
 */
final class ToolCallIds {

    private static final String SIGNATURE = "__thought__";

    private ToolCallIds() {
    }

    /** A fresh id, carrying {@code signature} when there is one. */
    static String mint(String signature) {
        String id = "call_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
        return signature == null || signature.isEmpty() ? id : id + SIGNATURE + signature;
    }

    /** The signature an id carries, or null. */
    static String signatureOf(String id) {
        int at = id == null ? -1 : id.indexOf(SIGNATURE);
        return at < 0 ? null : id.substring(at + SIGNATURE.length());
    }
}
