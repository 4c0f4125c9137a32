package dev.llmproxy.infrastructure.security;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import dev.llmproxy.application.security.SignInRefused;
import dev.llmproxy.application.security.SingleSignOnSettings;
import dev.llmproxy.infrastructure.upstream.http.OutboundTrust;
import dev.llmproxy.domain.security.GroupRoles;
import dev.llmproxy.domain.security.Identity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The checks of admin API access tokens against a provider discovered over HTTP: its published key, its issuer, the
 * audience, expiry; forged, expired, unsigned and MAC-signed tokens are refused.
 */
class NimbusIdentityProviderTest {

    private static HttpServer server;
    private static RSAKey key;
    private static String issuer;

    @BeforeAll
    static void provider() throws Exception {
        key = new RSAKeyGenerator(2048).keyID("k1").generate();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        issuer = "http://127.0.0.1:" + server.getAddress().getPort() + "/realm";
        String discovery = "{\"issuer\":\"" + issuer + "\",\"authorization_endpoint\":\"" + issuer + "/authorize\","
                + "\"token_endpoint\":\"" + issuer + "/token\",\"jwks_uri\":\"" + issuer + "/jwks\","
                + "\"end_session_endpoint\":\"" + issuer + "/logout\","
                + "\"response_types_supported\":[\"code\"],\"subject_types_supported\":[\"public\"],"
                + "\"id_token_signing_alg_values_supported\":[\"RS256\",\"HS256\"]}";
        serve("/realm/.well-known/openid-configuration", discovery);
        serve("/realm/jwks", new JWKSet(key.toPublicJWK()).toString());
        server.start();
    }

    private static void serve(String path, String body) {
        server.createContext(path, exchange -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    private static NimbusIdentityProvider provider(String issuerUrl, String groupsClaim) {
        return new NimbusIdentityProvider(new SingleSignOnSettings(Optional.of(URI.create(issuerUrl)), "proxy",
                Optional.empty(), groupsClaim, new GroupRoles(Set.of("admins"), Set.of()), "llm-proxy-api",
                Optional.empty(), true), OutboundTrust.of(null, null).socketFactory());
    }

    private static JWTClaimsSet.Builder claims() {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer(issuer).subject("u-123").audience("llm-proxy-api")
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(300)))
                .claim("preferred_username", "alice").claim("groups", List.of("admins", "staff"));
    }

    private static String signed(RSAKey with, JWTClaimsSet claims) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(with.getKeyID())
                .type(JOSEObjectType.JWT).build(), claims);
        jwt.sign(new RSASSASigner(with));
        return jwt.serialize();
    }

    @Test
    void aTokenSignedByTheProvidersKeyNamesWhoAndTheirGroups() throws Exception {
        Identity who = provider(issuer, "groups").verifyAccessToken(signed(key, claims().build()));
        assertThat(who.subject()).isEqualTo("u-123");
        assertThat(who.name()).isEqualTo("alice");
        assertThat(who.principal()).isEqualTo("sso:alice");
        assertThat(who.groups()).containsExactly("admins", "staff");
        assertThat(who.issuer()).isEqualTo(issuer);
    }

    @Test
    void groupsAreFoundUnderADottedClaimName() throws Exception {
        String token = signed(key, claims().claim("realm_access", Map.of("roles", List.of("admins"))).build());
        assertThat(provider(issuer, "realm_access.roles").verifyAccessToken(token).groups()).containsExactly("admins");
    }

    @Test
    void aForgedTokenUnderTheProvidersKeyIdIsRefused() throws Exception {
        RSAKey forger = new RSAKeyGenerator(2048).keyID("k1").generate();
        assertThatThrownBy(() -> provider(issuer, "groups").verifyAccessToken(signed(forger, claims().build())))
                .isInstanceOf(SignInRefused.class).hasMessageContaining("refused")
                .satisfies(e -> assertThat(((SignInRefused) e).providerFault()).isFalse());
    }

    @Test
    void anExpiredTokenIsRefused() throws Exception {
        Instant past = Instant.now().minusSeconds(3600);
        String token = signed(key, claims().issueTime(Date.from(past)).expirationTime(Date.from(past.plusSeconds(300)))
                .build());
        assertThatThrownBy(() -> provider(issuer, "groups").verifyAccessToken(token)).isInstanceOf(SignInRefused.class)
                .hasMessageContaining("xpired");
    }

    @Test
    void anotherAudienceOrIssuerIsRefused() throws Exception {
        String otherAudience = signed(key, claims().audience("someone-else").build());
        String otherIssuer = signed(key, claims().issuer("https://elsewhere.example").build());
        NimbusIdentityProvider p = provider(issuer, "groups");
        assertThatThrownBy(() -> p.verifyAccessToken(otherAudience)).isInstanceOf(SignInRefused.class);
        assertThatThrownBy(() -> p.verifyAccessToken(otherIssuer)).isInstanceOf(SignInRefused.class);
    }

    @Test
    void anIdTokenIsNotAnAccessTokenWhateverItsAudience() throws Exception {
        for (String claim : List.of("at_hash", "c_hash")) {
            String idToken = signed(key, claims().claim(claim, "n-or-hash").build());
            assertThatThrownBy(() -> provider(issuer, "groups").verifyAccessToken(idToken))
                    .isInstanceOf(SignInRefused.class);
        }
    }

    @Test
    void unsignedMacSignedAndMalformedTokensAreRefused() throws Exception {
        String unsigned = new PlainJWT(claims().build()).serialize();
        SignedJWT mac = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims().build());
        mac.sign(new MACSigner("a-client-secret-that-is-long-enough-for-hs256".getBytes(StandardCharsets.UTF_8)));
        NimbusIdentityProvider p = provider(issuer, "groups");
        assertThatThrownBy(() -> p.verifyAccessToken(unsigned)).isInstanceOf(SignInRefused.class);
        assertThatThrownBy(() -> p.verifyAccessToken(mac.serialize())).isInstanceOf(SignInRefused.class);
        assertThatThrownBy(() -> p.verifyAccessToken("not-a-token")).isInstanceOf(SignInRefused.class)
                .hasMessageContaining("not a JWT");
    }

    @Test
    void aProviderThatCannotBeDiscoveredIsTheProvidersFaultAndIsTriedAgainLater() throws Exception {
        NimbusIdentityProvider p = provider("http://127.0.0.1:" + server.getAddress().getPort() + "/missing",
                "groups");
        String token = signed(key, claims().build());
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> p.verifyAccessToken(token)).isInstanceOf(SignInRefused.class)
                    .satisfies(e -> assertThat(((SignInRefused) e).providerFault()).isTrue());
        }
    }

    @Test
    void theProvidersLogoutTakesTheIdTokenAndTheWayBack() throws Exception {
        String idToken = signed(key, claims().audience("proxy").build());
        URI logout = provider(issuer, "groups").endSession(idToken, URI.create("https://proxy.example/admin/login"))
                .orElseThrow();
        assertThat(logout.toString()).startsWith(issuer + "/logout?").contains("id_token_hint=" + idToken)
                .contains("post_logout_redirect_uri=https%3A%2F%2Fproxy.example%2Fadmin%2Flogin");
    }
}
