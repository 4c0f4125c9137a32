package dev.llmproxy.infrastructure.upstream.azure;

import com.microsoft.aad.msal4j.ClientCredentialFactory;
import com.microsoft.aad.msal4j.ClientCredentialParameters;
import com.microsoft.aad.msal4j.ConfidentialClientApplication;
import com.microsoft.aad.msal4j.IAuthenticationResult;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.infrastructure.upstream.IssuedTokens;
import jakarta.json.JsonObject;

import javax.net.ssl.SSLSocketFactory;
import java.util.Set;

/**
 * Microsoft Entra ID access tokens for Azure OpenAI by the client-credentials grant, through Microsoft's own library
 * (MSAL). The provider's secret holds the app registration as JSON: {@code tenantId}, {@code clientId},
 * {@code clientSecret}, and optionally {@code authority} (a sovereign cloud's sign-in host; Azure's public cloud by
 * default) and {@code scope} ({@code https://cognitiveservices.azure.com/.default} by default).
 */
public final class EntraIssuer implements IssuedTokens.Issuer {

    static final String PUBLIC_CLOUD = "https://login.microsoftonline.com/";
    static final String SCOPE = "https://cognitiveservices.azure.com/.default";

    private final ConfidentialClientApplication app;
    private final ClientCredentialParameters grant;

    private EntraIssuer(ConfidentialClientApplication app, String scope) {
        this.app = app;
        // The proxy keeps the token and asks for the next one ahead of expiry: MSAL's own cache would hand it back.
        this.grant = ClientCredentialParameters.builder(Set.of(scope)).skipCache(true).build();
    }

    /** Whether a secret's value is an app registration for Entra ID (JSON) rather than an API key. */
    static boolean registration(String secret) {
        return secret != null && secret.stripLeading().startsWith("{");
    }

    /** @param tls the trust for the sign-in host, or null for the JVM's */
    static IssuedTokens.Issuers issuers(SSLSocketFactory tls) {
        return (provider, secret) -> {
            if (!(JsonCodec.read(secret) instanceof JsonObject app)) {
                throw new IllegalArgumentException("the secret is not an app registration (JSON object)");
            }
            String tenant = required(app, "tenantId");
            String authority = app.getString("authority", PUBLIC_CLOUD).replaceAll("/+$", "") + "/" + tenant + "/";
            ConfidentialClientApplication.Builder builder = ConfidentialClientApplication.builder(
                            required(app, "clientId"), ClientCredentialFactory.createFromSecret(required(app, "clientSecret")))
                    .authority(authority).instanceDiscovery(false);
            if (tls != null) {
                builder.sslSocketFactory(tls);
            }
            return new EntraIssuer(builder.build(), app.getString("scope", SCOPE));
        };
    }

    private static String required(JsonObject app, String field) {
        String value = app.getString(field, "").strip();
        if (value.isEmpty()) {
            throw new IllegalArgumentException("the app registration names no " + field);
        }
        return value;
    }

    @Override
    public IssuedTokens.Token issue() throws Exception {
        IAuthenticationResult result = app.acquireToken(grant).get();
        return new IssuedTokens.Token(result.accessToken(),
                result.expiresOnDate() == null ? null : result.expiresOnDate().toInstant());
    }
}
