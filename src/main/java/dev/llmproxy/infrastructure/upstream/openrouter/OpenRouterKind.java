package dev.llmproxy.infrastructure.upstream.openrouter;

import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiEmbeddingWire;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiWire;

/** The {@code openrouter} kind: OpenRouter ({@link OpenRouterVariant}), for chat and vectors, with the provider's key. */
public final class OpenRouterKind {

    private OpenRouterKind() {
    }

    public static ProviderPorts ports(UpstreamParts parts) {
        OpenRouterVariant openRouter = new OpenRouterVariant(parts.settings(), parts.clock());
        return new ProviderPorts(parts.http(new OpenAiWire(openRouter), parts.keys()),
                parts.http(new OpenAiEmbeddingWire(openRouter), parts.keys()));
    }
}
