package dev.llmproxy.domain.catalog;

import java.net.URI;
import java.util.Objects;

/**
 * An upstream provider. Holds the name of the secret that carries its API key, never the key itself.
 *
 * @param baseUrl      the API base (ending before {@code /chat/completions}); null for {@link ProviderKind#SIM}
 * @param apiKeySecret name of the deploy-time secret (environment variable / MicroProfile Config key); may be null,
 *                     or {@link #MACHINE_IDENTITY} for a cloud provider that signs in as the machine itself
 */
public record Provider(String name, ProviderKind kind, URI baseUrl, String apiKeySecret) {

    /**
     * In place of a secret's name: a Vertex AI or Bedrock provider signs in with the machine's own cloud identity (its
     * service account, its instance role). Only when an admin says so: that identity may reach far more than models.
     */
    public static final String MACHINE_IDENTITY = "machine-identity";

    public Provider {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }
}
