package dev.llmproxy.infrastructure.security;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientAuthenticationMethod;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.ClientSecretPost;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.LogoutRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import dev.llmproxy.application.security.IdentityProvider;
import dev.llmproxy.application.security.SignInChallenge;
import dev.llmproxy.application.security.SignInRefused;
import dev.llmproxy.application.security.SingleSignOnSettings;
import dev.llmproxy.domain.security.Identity;

import java.io.IOException;
import javax.net.ssl.SSLSocketFactory;
import java.net.URI;
import java.util.List;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The OpenID Connect provider through Nimbus's SDK: the authorization request with PKCE, the code exchange, and the
 * checks of ID and access tokens ({@link ProviderKeys}). The provider is discovered at the first sign-in or bearer
 * token, not at deployment, so the proxy starts even while the provider is down; a failed discovery is tried again
 * a few seconds later ({@link ProviderDiscovery}), and no caller waits long for one.
 */
public class NimbusIdentityProvider implements IdentityProvider {

    private static final Logger LOG = Logger.getLogger(NimbusIdentityProvider.class.getName());
    private static final Scope SCOPE = new Scope("openid", "profile", "email");

    /** A caller waits this long for a discovery under way (token checks are on request threads). */
    private static final Duration DISCOVERY_WAIT = Duration.ofSeconds(2);
    /** After a failed discovery, callers are refused at once for this long, then one tries again. */
    private static final Duration DISCOVERY_RETRY = Duration.ofSeconds(5);

    private final SingleSignOnSettings settings;
    private final SSLSocketFactory tls;
    private final ProviderDiscovery<ProviderKeys> discovery;

    /** @param tls whom the calls to the provider trust (the deployment's outbound trust) */
    public NimbusIdentityProvider(SingleSignOnSettings settings, SSLSocketFactory tls) {
        this(settings, tls, Clock.systemUTC(), DISCOVERY_WAIT, DISCOVERY_RETRY);
    }

    NimbusIdentityProvider(SingleSignOnSettings settings, SSLSocketFactory tls, Clock clock, Duration wait,
                           Duration retryAfter) {
        this.settings = settings;
        this.tls = tls;
        this.discovery = new ProviderDiscovery<>(() -> ProviderKeys.discover(settings, tls), clock, wait, retryAfter);
    }

    @Override
    public URI authorizationUrl(SignInChallenge challenge) throws SignInRefused {
        return new AuthenticationRequest.Builder(ResponseType.CODE, SCOPE, clientId(), challenge.redirectUri())
                .endpointURI(provider().metadata().getAuthorizationEndpointURI())
                .state(new State(challenge.state())).nonce(new Nonce(challenge.nonce()))
                .codeChallenge(new CodeVerifier(challenge.codeVerifier()), CodeChallengeMethod.S256)
                .build().toURI();
    }

    @Override
    public Verified redeem(String code, SignInChallenge challenge) throws SignInRefused {
        ProviderKeys p = provider();
        var grant = new AuthorizationCodeGrant(new AuthorizationCode(code), challenge.redirectUri(),
                new CodeVerifier(challenge.codeVerifier()));
        URI endpoint = p.metadata().getTokenEndpointURI();
        TokenRequest request = settings.clientSecret().map(secret -> postOnly(p)
                        ? new TokenRequest(endpoint, new ClientSecretPost(clientId(), new Secret(secret)), grant)
                        : new TokenRequest(endpoint, new ClientSecretBasic(clientId(), new Secret(secret)), grant))
                .orElseGet(() -> new TokenRequest(endpoint, clientId(), grant));
        TokenResponse answer;
        try {
            HTTPRequest http = request.toHTTPRequest();
            http.setConnectTimeout(ProviderKeys.CONNECT_MS);
            http.setReadTimeout(ProviderKeys.READ_MS);
            http.setSSLSocketFactory(tls);
            HTTPResponse response = http.send();
            answer = OIDCTokenResponseParser.parse(response);
        } catch (IOException | ParseException e) {
            throw new SignInRefused("The sign-in provider's token endpoint did not answer properly: " + e.getMessage(),
                    true, e);
        }
        if (!answer.indicatesSuccess()) {
            ErrorObject error = answer.toErrorResponse().getErrorObject();
            throw new SignInRefused("The sign-in provider refused the code: " + error.getCode()
                    + (error.getDescription() == null ? "" : " (" + error.getDescription() + ")"));
        }
        JWT idToken = ((OIDCTokenResponse) answer.toSuccessResponse()).getOIDCTokens().getIDToken();
        if (idToken == null) {
            throw new SignInRefused("The sign-in provider answered without an ID token.", true, null);
        }
        try {
            JWTClaimsSet claims = p.idTokens().validate(idToken, new Nonce(challenge.nonce())).toJWTClaimsSet();
            return new Verified(identity(claims), idToken.serialize());
        } catch (BadJOSEException | JOSEException | ParseException e) {
            throw refusal("The ID token", e);
        }
    }

    @Override
    public Identity verifyAccessToken(String token) throws SignInRefused {
        ProviderKeys p = provider();
        try {
            return identity(p.accessTokens().process(token, null));
        } catch (java.text.ParseException e) {
            throw new SignInRefused("The bearer token is not a JWT.");
        } catch (BadJOSEException | JOSEException e) {
            throw refusal("The bearer token", e);
        }
    }

    @Override
    public Optional<URI> endSession(String idTokenHint, URI afterLogout) {
        try {
            URI endpoint = provider().metadata().getEndSessionEndpointURI();
            return endpoint == null ? Optional.empty()
                    : Optional.of(new LogoutRequest(endpoint, JWTParser.parse(idTokenHint), afterLogout, null).toURI());
        } catch (SignInRefused | java.text.ParseException e) {
            LOG.log(Level.WARNING, "Cannot end the sign-in provider's session", e);
            return Optional.empty();
        }
    }

    private Identity identity(JWTClaimsSet claims) {
        String name = Claims.text(claims, "preferred_username").or(() -> Claims.text(claims, "email"))
                .orElse(claims.getSubject());
        List<String> groups = Claims.strings(claims, settings.groupsClaim());
        return new Identity(settings.issuer().orElseThrow().toString(), claims.getSubject(), name, groups);
    }

    /** A token the checks refused is the caller's fault, keys that could not be fetched the provider's. */
    private static SignInRefused refusal(String what, Exception e) {
        boolean keys = e instanceof com.nimbusds.jose.KeySourceException;
        return new SignInRefused(what + " was refused: " + e.getMessage(), keys, e);
    }

    private static boolean postOnly(ProviderKeys p) {
        List<ClientAuthenticationMethod> methods = p.metadata().getTokenEndpointAuthMethods();
        return methods != null && !methods.contains(ClientAuthenticationMethod.CLIENT_SECRET_BASIC)
                && methods.contains(ClientAuthenticationMethod.CLIENT_SECRET_POST);
    }

    private ClientID clientId() {
        return new ClientID(settings.clientId());
    }

    private ProviderKeys provider() throws SignInRefused {
        return discovery.get();
    }
}
