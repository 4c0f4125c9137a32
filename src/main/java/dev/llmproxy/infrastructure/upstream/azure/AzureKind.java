package dev.llmproxy.infrastructure.upstream.azure;

import dev.llmproxy.infrastructure.upstream.Credentials;
import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiEmbeddingWire;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiWire;

/**
 * The {@code azure-openai} kind: Azure OpenAI's deployments ({@link AzureVariant}), for chat and vectors, with a key or
 * an Entra ID token (one token cache for both operations).
 */
public final class AzureKind {

    private AzureKind() {
    }

    public static ProviderPorts ports(UpstreamParts parts) {
        Credentials credentials = AzureCredentials.of(parts.secrets(), parts.workers(), parts.clock(),
                parts.socketFactory());
        AzureVariant azure = new AzureVariant();
        return new ProviderPorts(parts.http(new OpenAiWire(azure), credentials),
                parts.http(new OpenAiEmbeddingWire(azure), credentials));
    }
}
