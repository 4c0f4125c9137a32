package dev.llmproxy.infrastructure.upstream;

/**
 * A look at a request's bytes before reading it: whether a rarely used field is there at all, so that the common
 * request is never parsed for it.
 */
public final class RequestBytes {

    private RequestBytes() {
    }

    /** Whether {@code needle} occurs in {@code hay}. */
    public static boolean contains(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i <= hay.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
