package dev.llmproxy.it;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Builds config documents pointing at the fault upstream; every model's upstream name is its alias. */
final class ConfigBuilder {

    private final String baseUrl;
    private final List<String> models = new ArrayList<>();
    private final List<String> tiers = new ArrayList<>();
    private final Map<String, Object> settings = new LinkedHashMap<>();
    /** Providers beyond the fault upstream's own, by name, as config JSON. */
    private final Map<String, String> providers = new LinkedHashMap<>();

    ConfigBuilder(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    ConfigBuilder model(String name) {
        return model(name, true);
    }

    ConfigBuilder model(String name, boolean enabled) {
        return model(name, enabled, false);
    }

    /** A model that can continue a broken stream from an assistant prefill. */
    ConfigBuilder prefillModel(String name) {
        return model(name, true, true);
    }

    private ConfigBuilder model(String name, boolean enabled, boolean prefill) {
        return model(name, enabled, prefill, "\"free\":true,\"freeVerifiedOn\":\"2026-11-30\"");
    }

    /** A model marked free on the day given (null: marked free, never verified). */
    ConfigBuilder freeModel(String name, LocalDate verifiedOn) {
        return model(name, true, false, "\"free\":true" + (verifiedOn == null ? "" : ",\"freeVerifiedOn\":\"" + verifiedOn + "\""));
    }

    /** A model that costs money (not marked free). */
    ConfigBuilder paidModel(String name) {
        return model(name, true, false, "\"free\":false");
    }

    /** A free model with at most {@code cap} calls in flight at once. */
    ConfigBuilder cappedModel(String name, int cap) {
        return model(name, true, false, "\"free\":true,\"freeVerifiedOn\":\"2026-11-30\",\"maxConcurrent\":" + cap);
    }

    private ConfigBuilder model(String name, boolean enabled, boolean prefill, String free) {
        return model(name, enabled, prefill, free, 8192);
    }

    /** A free model whose context window is {@code contextWindow} tokens (the others' is 8192). */
    ConfigBuilder windowModel(String name, int contextWindow) {
        return model(name, true, false, "\"free\":true,\"freeVerifiedOn\":\"2026-11-30\"", contextWindow);
    }

    private ConfigBuilder model(String name, boolean enabled, boolean prefill, String free, int contextWindow) {
        models.add("{\"name\":\"" + name + "\",\"provider\":\"fault\",\"upstreamModel\":\"" + name + "\",\"enabled\":"
                + enabled + "," + free + ",\"contextWindow\":" + contextWindow + ",\"supportsPrefill\":" + prefill + "}");
        return this;
    }

    /**
     * A model at a second provider of kind {@code gemini} (Google's own API) at {@code baseUrl}; its upstream name is
     * {@code upstreamModel} (the family rules read it).
     */
    ConfigBuilder geminiModel(String name, String upstreamModel, String baseUrl) {
        provider("gemini", "gemini", baseUrl, "IT_UPSTREAM_KEY");
        models.add("{\"name\":\"" + name + "\",\"provider\":\"gemini\",\"upstreamModel\":\"" + upstreamModel
                + "\",\"family\":\"gemini\",\"enabled\":true,\"free\":true,\"freeVerifiedOn\":\"2026-11-30\","
                + "\"contextWindow\":1048576,\"supportsPrefill\":false}");
        return this;
    }

    /** A Claude model at a provider of kind {@code anthropic} at {@code baseUrl} (Anthropic's own API). */
    ConfigBuilder anthropicModel(String name, String upstreamModel, String baseUrl, boolean prefill) {
        return claude(name, upstreamModel, baseUrl, "\"supportsPrefill\":" + prefill);
    }

    /** A Claude model that caches its prompts, priced as Anthropic prices Sonnet (cache writes at 1.25x). */
    ConfigBuilder anthropicCachingModel(String name, String upstreamModel, String baseUrl) {
        return claude(name, upstreamModel, baseUrl, "\"cacheWriteCostPerMTok\":3.75,\"promptCaching\":true");
    }

    /** A Claude model at Anthropic's API, at Sonnet's prices, with {@code more} fields. */
    private ConfigBuilder claude(String name, String upstreamModel, String baseUrl, String more) {
        provider("anthropic", "anthropic", baseUrl, "IT_UPSTREAM_KEY");
        models.add("{\"name\":\"" + name + "\",\"provider\":\"anthropic\",\"upstreamModel\":\"" + upstreamModel
                + "\",\"family\":\"claude\",\"enabled\":true,\"free\":false,\"contextWindow\":200000,"
                + "\"inputCostPerMTok\":3,\"outputCostPerMTok\":15,\"cachedInputCostPerMTok\":0.3," + more + "}");
        return this;
    }

    /** A model at a provider of kind {@code azure-openai} at {@code baseUrl}; its upstream name is its deployment. */
    ConfigBuilder azureModel(String name, String deployment, String baseUrl) {
        provider("azure", "azure-openai", baseUrl, "IT_UPSTREAM_KEY");
        models.add("{\"name\":\"" + name + "\",\"provider\":\"azure\",\"upstreamModel\":\"" + deployment
                + "\",\"enabled\":true,\"free\":true,\"freeVerifiedOn\":\"2026-11-30\",\"contextWindow\":128000}");
        return this;
    }

    /** An embedding model at the fault upstream, whose vectors live in {@code space} (label@dimensions). */
    ConfigBuilder embeddingModel(String name, String space) {
        models.add("{\"name\":\"" + name + "\",\"provider\":\"fault\",\"upstreamModel\":\"" + name
                + "\",\"enabled\":true,\"free\":false,\"inputCostPerMTok\":0.02,\"vectorSpace\":\"" + space + "\"}");
        return this;
    }

    /** An embedding model at a provider of kind {@code gemini} at {@code baseUrl}. */
    ConfigBuilder geminiEmbeddingModel(String name, String space, String baseUrl) {
        provider("gemini", "gemini", baseUrl, "IT_UPSTREAM_KEY");
        models.add("{\"name\":\"" + name + "\",\"provider\":\"gemini\",\"upstreamModel\":\"" + name
                + "\",\"enabled\":true,\"free\":true,\"freeVerifiedOn\":\"2026-11-30\",\"vectorSpace\":\"" + space
                + "\"}");
        return this;
    }

    /** A model at a second provider of kind {@code openrouter}, at the fault upstream too. */
    ConfigBuilder openRouterModel(String name, String upstreamModel, boolean prefill) {
        provider("openrouter", "openrouter", this.baseUrl, "IT_UPSTREAM_KEY");
        models.add("{\"name\":\"" + name + "\",\"provider\":\"openrouter\",\"upstreamModel\":\"" + upstreamModel
                + "\",\"enabled\":true,\"free\":true,\"freeVerifiedOn\":\"2026-11-30\",\"contextWindow\":8192,"
                + "\"supportsPrefill\":" + prefill + "}");
        return this;
    }

    /**
     * A free deployment of {@code group} with {@code weight} (null: none), at the fault upstream's own provider, or
     * through a provider of kind {@code openrouter} at the same address when {@code viaRouter} (deployments at
     * providers of two kinds may name different upstream models).
     */
    ConfigBuilder deployment(String name, String group, Integer weight, boolean viaRouter) {
        if (viaRouter) {
            provider("openrouter", "openrouter", this.baseUrl, "IT_UPSTREAM_KEY");
        }
        models.add("{\"name\":\"" + name + "\",\"provider\":\"" + (viaRouter ? "openrouter" : "fault")
                + "\",\"upstreamModel\":\"" + name + "\",\"enabled\":true,\"free\":true,"
                + "\"freeVerifiedOn\":\"2026-11-30\",\"contextWindow\":8192,\"deploymentOf\":\"" + group + "\""
                + (weight == null ? "" : ",\"weight\":" + weight) + "}");
        return this;
    }

    /** A tier; each model of its chain that is not yet a model or a deployment group is added as a free model. */
    ConfigBuilder tier(String name, String... chain) {
        for (String m : chain) {
            if (models.stream().noneMatch(s -> s.startsWith("{\"name\":\"" + m + "\"")
                    || s.contains("\"deploymentOf\":\"" + m + "\""))) {
                model(m);
            }
        }
        tiers.add("{\"name\":\"" + name + "\",\"chain\":[" + List.of(chain).stream().map(c -> "\"" + c + "\"")
                .collect(Collectors.joining(",")) + "]}");
        return this;
    }

    /** A tier that hedges: a model slow to answer has the next one started beside it. */
    ConfigBuilder hedgedTier(String name, String... chain) {
        tier(name, chain);
        String plain = tiers.remove(tiers.size() - 1);
        tiers.add(plain.substring(0, plain.length() - 1) + ",\"hedged\":true}");
        return this;
    }

    /** A tier that gives deterministic answers again: fresh for {@code maxAge} s, for an outage up to {@code stale} s. */
    ConfigBuilder reusingTier(String name, int maxAge, int stale, String... chain) {
        tier(name, chain);
        String plain = tiers.remove(tiers.size() - 1);
        tiers.add(plain.substring(0, plain.length() - 1) + ",\"maxAgeSeconds\":" + maxAge + ",\"staleIfErrorSeconds\":"
                + stale + "}");
        return this;
    }

    /** A tier whose content refusals go to {@code onRefusal} (each added as a free model when new). */
    ConfigBuilder tierWithRefusalsTo(String name, List<String> chain, String... onRefusal) {
        for (String m : onRefusal) {
            if (models.stream().noneMatch(s -> s.startsWith("{\"name\":\"" + m + "\""))) {
                model(m);
            }
        }
        tier(name, chain.toArray(String[]::new));
        String plain = tiers.remove(tiers.size() - 1);
        tiers.add(plain.substring(0, plain.length() - 1) + ",\"onRefusal\":[" + List.of(onRefusal).stream()
                .map(c -> "\"" + c + "\"").collect(Collectors.joining(",")) + "]}");
        return this;
    }

    /** Breakers that never open: for tests of other behaviour that call failing models many times. */
    ConfigBuilder withoutBreakers() {
        return setting("breakerFailureThreshold", 10_000).setting("breakerConsecutiveFailures", 10_000);
    }

    ConfigBuilder setting(String name, Object value) {
        settings.put(name, value);
        return this;
    }

    /** A provider of {@code kind} at {@code base}, whose credential is the secret named {@code secret}. */
    /** @param secret the name of its key's secret, or null for none (a cloud's machine credentials) */
    ConfigBuilder provider(String name, String kind, String base, String secret) {
        providers.put(name, "{\"name\":\"" + name + "\",\"kind\":\"" + kind + "\",\"baseUrl\":\"" + base
                + (secret == null ? "\"}" : "\",\"apiKeySecret\":\"" + secret + "\"}"));
        return this;
    }

    /** A model at provider {@code provider} (registered with {@link #provider}), priced as a paid model is. */
    ConfigBuilder paidModel(String name, String provider, String upstreamModel, String family) {
        models.add("{\"name\":\"" + name + "\",\"provider\":\"" + provider + "\",\"upstreamModel\":\""
                + upstreamModel + "\",\"family\":\"" + family + "\",\"enabled\":true,\"free\":false,"
                + "\"inputCostPerMTok\":3,\"outputCostPerMTok\":15,\"cachedInputCostPerMTok\":0.3}");
        return this;
    }

    String build() {
        String s = settings.entrySet().stream().map(e -> "\"" + e.getKey() + "\":" + e.getValue())
                .collect(Collectors.joining(","));
        return "{\"providers\":[{\"name\":\"fault\",\"kind\":\"openai\",\"baseUrl\":\"" + baseUrl
                + "\",\"apiKeySecret\":\"IT_UPSTREAM_KEY\"}" + providers.values().stream().map(p -> "," + p)
                .collect(Collectors.joining()) + "],\"models\":[" + String.join(",", models)
                + "],\"tiers\":[" + String.join(",", tiers) + "],\"settings\":{" + s + "}}";
    }
}
