package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;

/** The {@code gemini} kind: Google's Generative Language API, for chat and vectors, with the provider's key. */
public final class GeminiKind {

    private GeminiKind() {
    }

    public static ProviderPorts ports(UpstreamParts parts) {
        return new ProviderPorts(parts.http(new GeminiWire(parts.clock()), parts.keys()),
                parts.http(new GeminiEmbeddingWire(parts.clock()), parts.keys()));
    }
}
