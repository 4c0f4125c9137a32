package dev.llmproxy.application.security;

import java.security.SecureRandom;
import java.util.Base64;

/** Unguessable tokens (sessions, CSRF, sign-in state, nonce, PKCE verifier): random bytes, URL-safe Base64. */
public final class RandomTokens {

    private static final SecureRandom RANDOM = new SecureRandom();

    private RandomTokens() {
    }

    public static String of(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
