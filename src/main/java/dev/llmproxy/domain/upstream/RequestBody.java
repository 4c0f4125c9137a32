package dev.llmproxy.domain.upstream;

/**
 * The request an attempt sends, in chat's dialect, as the proxy holds it: a wire that sends it as it is takes its
 * bytes, one that translates it reads what the proxy already parsed (never the bytes back).
 */
public interface RequestBody {

    byte[] bytes();

    /** A body that came as bytes only. */
    static RequestBody of(byte[] bytes) {
        return () -> bytes;
    }
}
