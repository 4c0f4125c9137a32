package dev.llmproxy.infrastructure.upstream.kinds;

import dev.llmproxy.application.config.FirstStart;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;
import dev.llmproxy.infrastructure.upstream.UpstreamRouter;
import dev.llmproxy.infrastructure.upstream.anthropic.AnthropicKind;
import dev.llmproxy.infrastructure.upstream.azure.AzureKind;
import dev.llmproxy.infrastructure.upstream.bedrock.BedrockKind;
import dev.llmproxy.infrastructure.upstream.gemini.GeminiKind;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiKind;
import dev.llmproxy.infrastructure.upstream.openrouter.OpenRouterKind;
import dev.llmproxy.infrastructure.upstream.sim.SimKind;
import dev.llmproxy.infrastructure.upstream.vertex.VertexKind;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Where each provider kind's package is registered: the one place a new kind is added besides its own package (the
 * compiler asks for it here once the catalog names the kind).
 */
public final class UpstreamKinds {

    private UpstreamKinds() {
    }

    /** Calls to every kind of provider, each to its kind's port for its operation. */
    public static UpstreamRouter router(UpstreamParts parts) {
        Map<ProviderKind, ProviderPorts> ports = new EnumMap<>(ProviderKind.class);
        for (ProviderKind kind : ProviderKind.values()) {
            ports.put(kind, ports(kind, parts));
        }
        return new UpstreamRouter(ports);
    }

    static ProviderPorts ports(ProviderKind kind, UpstreamParts parts) {
        return switch (kind) {
            case OPENAI -> OpenAiKind.ports(parts);
            case OPENROUTER -> OpenRouterKind.ports(parts);
            case GEMINI -> GeminiKind.ports(parts);
            case ANTHROPIC -> AnthropicKind.ports(parts);
            case AZURE_OPENAI -> AzureKind.ports(parts);
            case VERTEX -> VertexKind.ports(parts);
            case BEDROCK -> BedrockKind.ports(parts);
            case SIM -> SimKind.ports(parts);
        };
    }

    /**
     * What each kind adds at first start, in the order their models take the shared tiers' heads: Google's own API
     * before OpenRouter's free models, whose daily quotas are the smaller.
     */
    public static List<FirstStart> firstStarts() {
        return List.of(firstStart(ProviderKind.GEMINI), firstStart(ProviderKind.OPENROUTER),
                firstStart(ProviderKind.ANTHROPIC), firstStart(ProviderKind.AZURE_OPENAI),
                firstStart(ProviderKind.BEDROCK), firstStart(ProviderKind.VERTEX));
    }

    static FirstStart firstStart(ProviderKind kind) {
        return switch (kind) {
            case OPENAI, SIM -> FirstStart.NONE; // no credential names an OpenAI-compatible server; sim is built in
            case OPENROUTER -> OpenRouterKind::firstStart;
            case GEMINI -> GeminiKind::firstStart;
            case ANTHROPIC -> AnthropicKind::firstStart;
            case AZURE_OPENAI -> AzureKind::firstStart;
            case VERTEX -> VertexKind::firstStart;
            case BEDROCK -> BedrockKind::firstStart;
        };
    }
}
