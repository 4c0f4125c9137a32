package dev.llmproxy.infrastructure.upstream.azure;

import dev.llmproxy.infrastructure.upstream.Credentials;
import dev.llmproxy.infrastructure.upstream.IssuedTokens;
import dev.llmproxy.infrastructure.upstream.KeysOrTokens;

import javax.net.ssl.SSLSocketFactory;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Azure OpenAI's two credentials: an API key, sent as it is, or an app registration, exchanged for Entra ID tokens
 * that go out as {@code Bearer} (so {@link AzureWire} puts them in {@code Authorization}, a key in {@code api-key}).
 */
public final class AzureCredentials {

    static final String BEARER = "Bearer ";

    private AzureCredentials() {
    }

    /** @param tls the trust for the sign-in host, or null for the JVM's */
    public static Credentials of(Function<String, Optional<String>> secrets, Executor fetchers, Clock clock,
                                 SSLSocketFactory tls) {
        return new KeysOrTokens(secrets, EntraIssuer::registration,
                new IssuedTokens("Entra ID token", EntraIssuer.issuers(tls), secrets, fetchers, clock), BEARER);
    }
}
