package dev.llmproxy.application.security;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** Unguessable tokens (sessions, CSRF, sign-in state, nonce, PKCE verifier): random bytes, URL-safe Base64. */
public final class RandomTokens {

    private static final SecureRandom RANDOM = new SecureRandom();

    private RandomTokens() {
    }

    public static String of(int bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes(bytes));
    }

    /** The same in lower-case hex: for ids whose other parts are joined with {@code _} or {@code -}. */
    public static String hex(int bytes) {
        return HexFormat.of().formatHex(bytes(bytes));
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }
}
