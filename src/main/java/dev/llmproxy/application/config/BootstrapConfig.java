package dev.llmproxy.application.config;

import static dev.llmproxy.application.config.DeploymentVariable.PROXY_BOOTSTRAP;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Tier;

import java.io.IOException;
import java.io.InputStream;
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
 * (simulated models, so a fresh install answers without any key) with what each provider kind adds for the
 * credentials present ({@link FirstStart}).
 */
public final class BootstrapConfig {

    static final String DEFAULT_RESOURCE = "/dev/llmproxy/default-config.json";

    private BootstrapConfig() {
    }

    /**
     * @param env   looks up deploy-time settings (environment / MicroProfile Config)
     * @param kinds what each provider kind adds, in the order their models take the shared tiers' heads
     */
    public static RuntimeConfig load(Function<String, Optional<String>> env, List<FirstStart> kinds) {
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
        return withRealProviders(embeddedDefault(), new Deployed(env), kinds);
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
     * Adds what each kind brings: free models take the place of the simulated ones at the head of the shared tiers
     * (a simulated answer must never pass for a real one), paid providers get tiers of their own. The simulated models
     * stay allowlisted for drills.
     */
    static RuntimeConfig withRealProviders(RuntimeConfig base, Deployed deployed, List<FirstStart> kinds) {
        List<Provider> providers = new ArrayList<>(base.providers());
        List<AllowedModel> models = new ArrayList<>(base.models());
        Map<String, List<String>> heads = new LinkedHashMap<>();
        List<Tier> added = new ArrayList<>();
        for (FirstStart kind : kinds) {
            FirstStart.Added a = kind.added(deployed);
            providers.addAll(a.providers());
            models.addAll(a.models());
            a.heads().forEach((tier, names) -> heads.computeIfAbsent(tier, k -> new ArrayList<>()).addAll(names));
            added.addAll(a.tiers());
        }
        if (heads.isEmpty() && added.isEmpty()) {
            return base;
        }
        List<Tier> tiers = new ArrayList<>();
        for (Tier t : base.tiers()) {
            List<String> real = heads.get(t.name());
            if (real == null && t.name().equals(FirstStart.EMBEDDINGS) && !heads.isEmpty()) {
                continue; // simulated vectors must not pass for real ones where real chat models answer
            }
            tiers.add(real == null ? t : new Tier(t.name(), t.description(), real, t.hedged(), t.onRefusal(), t.reuse()));
        }
        tiers.addAll(added);
        return RuntimeConfig.of(0, providers, models, tiers, base.settings());
    }
}
