package dev.llmproxy.application.config;

import static dev.llmproxy.application.config.DeploymentVariable.*;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Tier;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The configuration stored at first start: the document named by {@code PROXY_BOOTSTRAP}, or the embedded default
 * (simulated models, so a fresh install answers without any key) with real providers added for the keys present.
 */
public final class BootstrapConfig {

    static final String DEFAULT_RESOURCE = "/dev/llmproxy/default-config.json";
    /** The embedded default's tier for {@code /v1/embeddings}. */
    static final String EMBEDDINGS = "embeddings";

    private BootstrapConfig() {
    }

    /** @param env looks up deploy-time settings (environment / MicroProfile Config) */
    public static RuntimeConfig load(Function<String, Optional<String>> env) {
        Optional<String> path = env.apply(PROXY_BOOTSTRAP.name()).filter(s -> !s.isBlank());
        if (path.isPresent()) {
            try {
                String json = Files.readString(Path.of(path.get()), StandardCharsets.UTF_8);
                return ConfigDocument.read(json);
            } catch (IOException e) {
                throw new IllegalStateException("PROXY_BOOTSTRAP: cannot read " + path.get() + ": " + e.getMessage(), e);
            } catch (ConfigValidationException e) {
                throw new IllegalStateException("PROXY_BOOTSTRAP: " + path.get() + " is not a valid config document: "
                        + e.getMessage(), e);
            }
        }
        return withRealProviders(embeddedDefault(), env);
    }

    static RuntimeConfig embeddedDefault() {
        try (InputStream in = BootstrapConfig.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(DEFAULT_RESOURCE + " is missing from the application");
            }
            return ConfigDocument.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + DEFAULT_RESOURCE, e);
        }
    }

    /**
     * Adds OpenRouter and Gemini (in Google's own format) when their keys are set, and gives the
     * standard tiers chains of real models only (the paid clouds get tiers of their own: {@link CloudProviders}): a simulated answer must never pass for a real one. The simulated
     * models stay allowlisted for drills.
     */
    static RuntimeConfig withRealProviders(RuntimeConfig base, Function<String, Optional<String>> env) {
        List<Provider> providers = new ArrayList<>(base.providers());
        List<AllowedModel> models = new ArrayList<>(base.models());
        Map<String, List<String>> heads = new LinkedHashMap<>();
        if (present(env, GEMINI_API_KEY.name())) {
            providers.add(new Provider("gemini", ProviderKind.GEMINI,
                    URI.create("https://generativelanguage.googleapis.com/v1beta"), GEMINI_API_KEY.name()));
            models.add(real("gemini-flash-lite", "gemini", "gemini-2.5-flash-lite", "gemini", 1_048_576));
            models.add(real("gemini-flash", "gemini", "gemini-2.5-flash", "gemini", 1_048_576));
            heads.computeIfAbsent("fast", k -> new ArrayList<>()).add("gemini-flash-lite");
            heads.computeIfAbsent("balanced", k -> new ArrayList<>()).add("gemini-flash");
            heads.computeIfAbsent("thoughtful", k -> new ArrayList<>()).add("gemini-flash");
            models.add(new AllowedModel("gemini-embedding", "gemini", "gemini-embedding-001", "gemini", true, false,
                    null, 2048, false, null, null, null, null, null, null, "gemini-embedding-001@3072"));
            heads.computeIfAbsent(EMBEDDINGS, k -> new ArrayList<>()).add("gemini-embedding");
        }
        if (present(env, OPENROUTER_API_KEY.name())) {
            providers.add(new Provider("openrouter", ProviderKind.OPENROUTER, URI.create("https://openrouter.ai/api/v1"),
                    OPENROUTER_API_KEY.name()));
            models.add(real("or-gemma-27b-free", "openrouter", "google/gemma-3-27b-it:free", "gemma", 131_072));
            models.add(real("or-mistral-small-free", "openrouter", "mistralai/mistral-small-3.2-24b-instruct:free", "mistral", 131_072));
            models.add(real("or-llama-70b-free", "openrouter", "meta-llama/llama-3.3-70b-instruct:free", "llama", 131_072));
            heads.computeIfAbsent("fast", k -> new ArrayList<>()).add("or-gemma-27b-free");
            heads.computeIfAbsent("balanced", k -> new ArrayList<>()).add("or-mistral-small-free");
            heads.computeIfAbsent("thoughtful", k -> new ArrayList<>()).add("or-llama-70b-free");
        }
        CloudProviders cloud = new CloudProviders(env);
        providers.addAll(cloud.providers);
        models.addAll(cloud.models);
        List<Tier> added = cloud.tiers;
        if (heads.isEmpty() && added.isEmpty()) {
            return base;
        }
        List<Tier> tiers = new ArrayList<>();
        for (Tier t : base.tiers()) {
            List<String> real = heads.get(t.name());
            if (real == null && t.name().equals(EMBEDDINGS) && !heads.isEmpty()) {
                continue; // simulated vectors must not pass for real ones where real chat models answer
            }
            tiers.add(real == null ? t : new Tier(t.name(), t.description(), real, t.hedged()));
        }
        tiers.addAll(added);
        return RuntimeConfig.of(0, providers, models, tiers, base.settings());
    }

    // Free status is not verified here: the date stays empty until an admin checks it.
    private static AllowedModel real(String name, String provider, String upstream, String family, int context) {
        return new AllowedModel(name, provider, upstream, family, true, upstream.endsWith(":free"), null, context,
                false, null, null, null, null, null, null);
    }

    private static boolean present(Function<String, Optional<String>> env, String key) {
        return env.apply(key).filter(s -> !s.isBlank()).isPresent();
    }
}
