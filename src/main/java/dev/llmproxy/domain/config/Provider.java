package dev.llmproxy.domain.config;

import java.net.URI;
import java.util.Objects;

/**
 * An upstream provider. Holds the name of the secret that carries its API key, never the key itself.
 *
 * @param baseUrl      the API base (ending before {@code /chat/completions}); null for {@link ProviderKind#SIM}
 * @param apiKeySecret name of the deploy-time secret (environment variable / MicroProfile Config key); may be null
 */
public record Provider(String name, ProviderKind kind, URI baseUrl, String apiKeySecret) {
    public Provider {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }
}
