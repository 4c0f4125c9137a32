package dev.llmproxy.infrastructure.upstream.azure;

import dev.llmproxy.domain.config.Provider;
import dev.llmproxy.infrastructure.upstream.Credentials;
import dev.llmproxy.infrastructure.upstream.IssuedTokens;

import javax.net.ssl.SSLSocketFactory;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Azure OpenAI's two credentials: an API key, sent as it is, or an app registration, exchanged for Entra ID tokens
 * that go out as {@code Bearer} (so {@link AzureWire} puts them in {@code Authorization}, a key in {@code api-key}).
 */
public final class AzureCredentials implements Credentials {

    static final String BEARER = "Bearer ";

    private final Credentials keys;
    private final IssuedTokens entra;

    /** @param tls the trust for the sign-in host, or null for the JVM's */
    public AzureCredentials(Function<String, Optional<String>> secrets, Executor fetchers, Clock clock,
                            SSLSocketFactory tls) {
        this.keys = Credentials.secrets(secrets);
        this.entra = new IssuedTokens("Entra ID token", EntraIssuer.issuers(tls), secrets, fetchers, clock);
    }

    @Override
    public CompletableFuture<String> of(Provider provider) {
        return keys.of(provider).thenCompose(secret -> EntraIssuer.registration(secret)
                ? entra.of(provider).thenApply(token -> BEARER + token) : CompletableFuture.completedFuture(secret));
    }

    @Override
    public boolean renewable() {
        return true;
    }

    @Override
    public void refused(Provider provider, String credential) {
        if (credential.startsWith(BEARER)) {
            entra.refused(provider, credential.substring(BEARER.length()));
        }
    }
}
