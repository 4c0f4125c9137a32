package dev.llmproxy.infrastructure.upstream.gemini;

import static dev.llmproxy.application.config.DeploymentVariable.GEMINI_API_KEY;

import dev.llmproxy.application.config.Deployed;
import dev.llmproxy.application.config.FirstStart;
import dev.llmproxy.application.config.FirstStartModels;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;

import java.net.URI;
import java.util.List;
import java.util.Map;

/** The {@code gemini} kind: Google's Generative Language API, for chat and vectors, with the provider's key. */
public final class GeminiKind {

    private GeminiKind() {
    }

    public static ProviderPorts ports(UpstreamParts parts) {
        return new ProviderPorts(parts.http(new GeminiWire(parts.clock()), parts.keys()),
                parts.http(new GeminiEmbeddingWire(parts.clock()), parts.keys()));
    }

    /**
     * With {@code GEMINI_API_KEY}, at first start: Google's own API, its free models at the head of the shared tiers
     * and its vectors in the embeddings tier.
     */
    public static FirstStart.Added firstStart(Deployed deployed) {
        if (!deployed.has(GEMINI_API_KEY)) {
            return FirstStart.Added.NOTHING;
        }
        Provider gemini = new Provider("gemini", ProviderKind.GEMINI,
                URI.create("https://generativelanguage.googleapis.com/v1beta"), GEMINI_API_KEY.name());
        List<AllowedModel> models = List.of(
                FirstStartModels.free("gemini-flash-lite", "gemini", "gemini-2.5-flash-lite", "gemini", 1_048_576),
                FirstStartModels.free("gemini-flash", "gemini", "gemini-2.5-flash", "gemini", 1_048_576),
                new AllowedModel("gemini-embedding", "gemini", "gemini-embedding-001", "gemini", true, false, null,
                        2048, false, null, null, null, null, null, null, "gemini-embedding-001@3072"));
        return FirstStart.Added.free(gemini, models, Map.of(FirstStart.FAST, List.of("gemini-flash-lite"),
                FirstStart.BALANCED, List.of("gemini-flash"), FirstStart.THOUGHTFUL, List.of("gemini-flash"),
                FirstStart.EMBEDDINGS, List.of("gemini-embedding")));
    }
}
