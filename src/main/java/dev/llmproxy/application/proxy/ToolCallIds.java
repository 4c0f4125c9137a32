package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.conversation.Thinking;

import java.util.List;

/**
 * Tool-call ids that carry Gemini's thought signature to a caller and back. Gemini returns an opaque
 * {@code thoughtSignature} with a call and wants it back on that call in the next turn; the caller's APIs have no
 * field for it that their clients keep, but every client echoes a call's id verbatim (on the assistant's call and on
 * the result that answers it). Inside the proxy the signature is a field of its call
 * ({@link dev.llmproxy.domain.conversation.ToolCall#signature}): a front door writes it into the ids it gives, and
 * takes it out of the ids a caller sends where its conversation is read.
 */
public final class ToolCallIds {

    private static final String SIGNATURE = "__thought__";

    private ToolCallIds() {
    }

    /**
     * The id a caller of a dialect without a place for either is given: carrying the call's signature, and on an
     * answer's first call the signed thinking that led to it ({@link CarriedThinking}).
     */
    public static String forCaller(String id, String signature, List<Thinking> thinking) {
        String carrying = carry(id, signature);
        return thinking.isEmpty() ? carrying : CarriedThinking.carry(carrying, ThinkingBlocks.json(thinking));
    }

    /** {@code id}, carrying {@code signature} when there is one. */
    public static String carry(String id, String signature) {
        return signature == null || signature.isEmpty() ? id : id + SIGNATURE + signature;
    }

    /** The signature an id carries, or null. */
    public static String signatureOf(String id) {
        String carrying = CarriedThinking.bare(id);
        int at = carrying == null ? -1 : carrying.indexOf(SIGNATURE);
        return at < 0 ? null : carrying.substring(at + SIGNATURE.length());
    }

    /** The id as its provider minted it: without the signature or the thinking it carries. */
    public static String bare(String id) {
        String carrying = CarriedThinking.bare(id);
        int at = carrying == null ? -1 : carrying.indexOf(SIGNATURE);
        return at < 0 ? carrying : carrying.substring(0, at);
    }
}
