package dev.llmproxy.infrastructure.upstream.openrouter;

import static dev.llmproxy.application.config.DeploymentVariable.OPENROUTER_API_KEY;

import dev.llmproxy.application.config.Deployed;
import dev.llmproxy.application.config.FirstStart;
import dev.llmproxy.application.config.FirstStartModels;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiEmbeddingWire;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiWire;

import java.net.URI;
import java.util.List;
import java.util.Map;

/** The {@code openrouter} kind: OpenRouter ({@link OpenRouterVariant}), for chat and vectors, with the provider's key. */
public final class OpenRouterKind {

    private OpenRouterKind() {
    }

    public static ProviderPorts ports(UpstreamParts parts) {
        OpenRouterVariant openRouter = new OpenRouterVariant(parts.settings(), parts.clock());
        return new ProviderPorts(parts.http(new OpenAiWire(openRouter), parts.keys()),
                parts.http(new OpenAiEmbeddingWire(openRouter), parts.keys()));
    }

    /** With {@code OPENROUTER_API_KEY}, at first start: three of OpenRouter's free models in the shared tiers. */
    public static FirstStart.Added firstStart(Deployed deployed) {
        if (!deployed.has(OPENROUTER_API_KEY)) {
            return FirstStart.Added.NOTHING;
        }
        Provider openRouter = new Provider("openrouter", ProviderKind.OPENROUTER,
                URI.create("https://openrouter.ai/api/v1"), OPENROUTER_API_KEY.name());
        List<AllowedModel> models = List.of(
                FirstStartModels.free("or-gemma-27b-free", "openrouter", "google/gemma-3-27b-it:free", "gemma",
                        131_072),
                FirstStartModels.free("or-mistral-small-free", "openrouter",
                        "mistralai/mistral-small-3.2-24b-instruct:free", "mistral", 131_072),
                FirstStartModels.free("or-llama-70b-free", "openrouter", "meta-llama/llama-3.3-70b-instruct:free",
                        "llama", 131_072));
        return FirstStart.Added.free(openRouter, models, Map.of(FirstStart.FAST, List.of("or-gemma-27b-free"),
                FirstStart.BALANCED, List.of("or-mistral-small-free"), FirstStart.THOUGHTFUL,
                List.of("or-llama-70b-free")));
    }
}
