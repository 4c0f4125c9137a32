package dev.llmproxy.application.security;

import java.net.URI;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;

/**
 * One single sign-on in progress: the values that tie the provider's answer to this browser's request. The state
 * names it, the nonce must come back inside the ID token, the verifier proves to the provider (PKCE) that whoever
 * redeems the code is who asked for it.
 */
public record SignInChallenge(String state, String nonce, String codeVerifier, URI redirectUri, Instant created) {

    private static final SecureRandom RANDOM = new SecureRandom();

    public static SignInChallenge fresh(URI redirectUri, Instant now) {
        return new SignInChallenge(random(24), random(24), random(32), redirectUri, now);
    }

    /** 32 random bytes make a 43-character verifier, the shortest PKCE allows and plenty. */
    private static String random(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
