package dev.llmproxy.infrastructure.upstream.azure;

import dev.llmproxy.application.config.DeploymentVariable;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.infrastructure.upstream.Credentials;
import dev.llmproxy.infrastructure.upstream.IssuedTokens;
import dev.llmproxy.infrastructure.upstream.KeysOrTokens;

import jakarta.json.JsonObjectBuilder;

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
    /** The secret that stands for the app registration in Azure's own environment variables. */
    public static final String ENVIRONMENT_APP = DeploymentVariable.AZURE_CLIENT_SECRET.name();

    private AzureCredentials() {
    }

    /** @param tls the trust for the sign-in host, or null for the JVM's */
    public static Credentials of(Function<String, Optional<String>> secrets, Executor fetchers, Clock clock,
                                 SSLSocketFactory tls) {
        Function<String, Optional<String>> withApp = withEnvironmentApp(secrets);
        return new KeysOrTokens(withApp, EntraIssuer::registration,
                new IssuedTokens("Entra ID token", EntraIssuer.issuers(tls), withApp, fetchers, clock), BEARER);
    }

    /**
     * A provider whose secret is {@code AZURE_CLIENT_SECRET} signs in as the app that {@code AZURE_TENANT_ID} and
     * {@code AZURE_CLIENT_ID} name (and {@code AZURE_AUTHORITY_HOST}, for a sovereign cloud), the variables Azure's
     * own libraries read: its secret's value is that app registration. Without both names it stays a plain value.
     */
    static Function<String, Optional<String>> withEnvironmentApp(Function<String, Optional<String>> secrets) {
        return name -> {
            Optional<String> value = secrets.apply(name);
            if (!ENVIRONMENT_APP.equals(name) || value.isEmpty()) {
                return value;
            }
            Optional<String> tenant = secrets.apply(DeploymentVariable.AZURE_TENANT_ID.name());
            Optional<String> client = secrets.apply(DeploymentVariable.AZURE_CLIENT_ID.name());
            if (tenant.isEmpty() || client.isEmpty()) {
                return value;
            }
            JsonObjectBuilder app = JsonCodec.object().add("tenantId", tenant.get()).add("clientId", client.get())
                    .add("clientSecret", value.get());
            secrets.apply(DeploymentVariable.AZURE_AUTHORITY_HOST.name()).ifPresent(host -> app.add("authority", host));
            return Optional.of(app.build().toString());
        };
    }
}
