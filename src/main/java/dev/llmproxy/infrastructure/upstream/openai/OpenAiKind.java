package dev.llmproxy.infrastructure.upstream.openai;

import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;

/** The {@code openai} kind: any OpenAI-compatible API, for chat and vectors, with the provider's key. */
public final class OpenAiKind {

    private OpenAiKind() {
    }

    public static ProviderPorts ports(UpstreamParts parts) {
        return new ProviderPorts(parts.http(new OpenAiWire(), parts.keys()),
                parts.http(new OpenAiEmbeddingWire(), parts.keys()));
    }
}
