package dev.llmproxy.application.security;

import java.net.URI;
import java.time.Instant;

/**
 * One single sign-on in progress: the values that tie the provider's answer to this browser's request. The state
 * names it, the nonce must come back inside the ID token, the verifier proves to the provider (PKCE) that whoever
 * redeems the code is who asked for it.
 */
public record SignInChallenge(String state, String nonce, String codeVerifier, URI redirectUri, Instant created) {

    public static SignInChallenge fresh(URI redirectUri, Instant now) {
        // 32 random bytes make a 43-character verifier, the shortest PKCE allows and plenty
        return new SignInChallenge(RandomTokens.of(24), RandomTokens.of(24), RandomTokens.of(32), redirectUri, now);
    }
}
