package dev.llmproxy.domain.upstream;

import dev.llmproxy.domain.answer.Sent;

/**
 * The request an attempt sends, in chat's dialect, as the proxy holds it: a wire that sends it as it is takes its
 * bytes, one that translates it reads what the proxy already parsed (never the bytes back).
 */
public interface RequestBody {

    byte[] bytes();

    /**
     * The dialect its caller is answered in, when a provider may speak it too: what a provider sends in that dialect
     * is kept as it came for this caller, and only then; null when the caller's dialect is no provider's.
     */
    default Sent.Dialect answeredIn() {
        return Sent.Dialect.CHAT;
    }

    /** A body that came as bytes only. */
    static RequestBody of(byte[] bytes) {
        return () -> bytes;
    }
}
