package dev.llmproxy.application.proxy;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Tool-call ids that carry Gemini's thought signature to a caller and back. Gemini returns an opaque
 * {@code thoughtSignature} with a call and wants it back on that call in the next turn; the caller's APIs have no
 * field for it that their clients keep, but every client echoes a call's id verbatim (on the assistant's call and on
 * the result that answers it). Gemini's wire mints them for its answers; a request's ids give the signature up where
 * its conversation is read, and inside a request it is a field of its call
 * ({@link dev.llmproxy.domain.conversation.ToolCall#signature}).
 */
public final class ToolCallIds {

    private static final String SIGNATURE = "__thought__";

    private ToolCallIds() {
    }

    /** A fresh id, carrying {@code signature} when there is one. */
    public static String mint(String signature) {
        return carry("call_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE), signature);
    }

    /** {@code id}, carrying {@code signature} when there is one. */
    public static String carry(String id, String signature) {
        return signature == null || signature.isEmpty() ? id : id + SIGNATURE + signature;
    }

    /** The signature an id carries, or null. */
    public static String signatureOf(String id) {
        int at = id == null ? -1 : id.indexOf(SIGNATURE);
        return at < 0 ? null : id.substring(at + SIGNATURE.length());
    }

    /** The id without the signature it carries. */
    public static String bare(String id) {
        int at = id == null ? -1 : id.indexOf(SIGNATURE);
        return at < 0 ? id : id.substring(0, at);
    }
}
