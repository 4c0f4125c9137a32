package dev.llmproxy.application.security;

import dev.llmproxy.domain.security.Identity;

import java.net.URI;
import java.util.Optional;

/** The OpenID Connect provider people sign in through, as the sign-in logic needs it. */
public interface IdentityProvider {

    /** Where to send the browser to sign in (discovering the provider first if need be). */
    URI authorizationUrl(SignInChallenge challenge) throws SignInRefused;

    /** Redeems the code the provider sent back and checks the ID token it answers with. */
    Verified redeem(String code, SignInChallenge challenge) throws SignInRefused;

    /** Checks an access token presented to the admin API. */
    Identity verifyAccessToken(String token) throws SignInRefused;

    /** Where to send the browser to end the provider's session too, when it has such an endpoint. */
    Optional<URI> endSession(String idTokenHint, URI afterLogout);

    /** A checked ID token and who it names. */
    record Verified(Identity identity, String idToken) {
    }
}
