package dev.llmproxy.infrastructure.security;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.ConfigurableJWTProcessor;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.nimbusds.oauth2.sdk.GeneralException;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import dev.llmproxy.application.security.SignInRefused;
import dev.llmproxy.application.security.SingleSignOnSettings;

import javax.net.ssl.SSLSocketFactory;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What discovery told about the provider, and the two checkers built on its published keys: one for ID tokens
 * (issuer, audience = this client, expiry, nonce) and one for admin API access tokens (issuer, audience, expiry,
 * subject). Only asymmetric signatures are accepted: never {@code none}, never a MAC keyed with the client secret.
 * The keys are fetched and cached by Nimbus, fetched again when a token names a key not seen yet (rotation).
 */
record ProviderKeys(OIDCProviderMetadata metadata, IDTokenValidator idTokens,
                    ConfigurableJWTProcessor<SecurityContext> accessTokens) {

    static final int CONNECT_MS = 2_000;
    static final int READ_MS = 5_000;
    private static final int MAX_SKEW_SECONDS = 60;
    private static final Set<JWSAlgorithm> ASYMMETRIC = asymmetric();

    static ProviderKeys discover(SingleSignOnSettings settings, SSLSocketFactory tls) throws SignInRefused {
        Issuer issuer = new Issuer(settings.issuer().orElseThrow());
        OIDCProviderMetadata metadata;
        JWKSource<SecurityContext> keys;
        try {
            metadata = OIDCProviderMetadata.resolve(issuer, http -> {
                http.setConnectTimeout(CONNECT_MS);
                http.setReadTimeout(READ_MS);
                http.setSSLSocketFactory(tls);
            });
            keys = JWKSourceBuilder.create(metadata.getJWKSetURI().toURL(),
                    new DefaultResourceRetriever(CONNECT_MS, READ_MS, 512 * 1024, true, tls)).retrying(true).build();
        } catch (GeneralException | IOException | RuntimeException e) {
            throw new SignInRefused("The sign-in provider " + issuer + " could not be discovered: " + e.getMessage(),
                    true, e);
        }
        Set<JWSAlgorithm> algorithms = accepted(metadata.getIDTokenJWSAlgs());
        IDTokenValidator idTokens = new IDTokenValidator(issuer, new ClientID(settings.clientId()),
                new JWSVerificationKeySelector<>(algorithms, keys), null);
        idTokens.setMaxClockSkew(MAX_SKEW_SECONDS);

        DefaultJWTProcessor<SecurityContext> accessTokens = new DefaultJWTProcessor<>();
        accessTokens.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT,
                new JOSEObjectType("at+jwt"), null));
        accessTokens.setJWSKeySelector(new JWSVerificationKeySelector<>(ASYMMETRIC, keys));
        // Nimbus asks these sets whether they hold null: they must be null-tolerant, unlike Set.of. An ID token is not
        // an access token: its audience is the client id, which the API audience may not be (SingleSignOnSettings),
        // and one that carries the hashes of a code or an access token is refused whatever it says. (Not the nonce:
        // Keycloak put the authorization request's nonce in access tokens too, until 2024.)
        DefaultJWTClaimsVerifier<SecurityContext> claims = new DefaultJWTClaimsVerifier<>(
                new HashSet<>(List.of(settings.apiAudience())),
                new JWTClaimsSet.Builder().issuer(issuer.getValue()).build(), new HashSet<>(List.of("sub", "exp")),
                new HashSet<>(List.of("at_hash", "c_hash")));
        claims.setMaxClockSkew(MAX_SKEW_SECONDS);
        accessTokens.setJWTClaimsSetVerifier(claims);
        return new ProviderKeys(metadata, idTokens, accessTokens);
    }

    /** The provider's ID token algorithms that are asymmetric; RS256 (which every provider must support) if none. */
    private static Set<JWSAlgorithm> accepted(List<JWSAlgorithm> published) {
        Set<JWSAlgorithm> accepted = new HashSet<>(published == null ? List.of() : published);
        accepted.retainAll(ASYMMETRIC);
        return accepted.isEmpty() ? Set.of(JWSAlgorithm.RS256) : accepted;
    }

    private static Set<JWSAlgorithm> asymmetric() {
        Set<JWSAlgorithm> all = new HashSet<>(JWSAlgorithm.Family.RSA);
        all.addAll(JWSAlgorithm.Family.EC);
        all.addAll(JWSAlgorithm.Family.ED);
        return Set.copyOf(all);
    }
}
