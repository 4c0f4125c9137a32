package dev.llmproxy.domain.config;

import dev.llmproxy.domain.sim.SimBehaviour;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The whole runtime configuration as one immutable, cross-checked snapshot. The proxy holds exactly one at a time
 * and swaps it atomically, so a request never sees half of a change.
 */
public final class RuntimeConfig {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}");

    private final long version;
    private final Map<String, Provider> providers;
    private final Map<String, AllowedModel> models;
    private final Map<String, Tier> tiers;
    private final Settings settings;

    private RuntimeConfig(long version, Map<String, Provider> providers, Map<String, AllowedModel> models,
                          Map<String, Tier> tiers, Settings settings) {
        this.version = version;
        this.providers = providers;
        this.models = models;
        this.tiers = tiers;
        this.settings = settings;
    }

    /**
     * Checks every cross-reference and name and returns the snapshot, or throws with every problem found.
     */
    public static RuntimeConfig of(long version, List<Provider> providers, List<AllowedModel> models,
                                   List<Tier> tiers, Settings settings) {
        List<String> problems = new ArrayList<>();
        Map<String, Provider> providerMap = new LinkedHashMap<>();
        for (int i = 0; i < providers.size(); i++) {
            Provider p = providers.get(i);
            String at = "providers[" + i + "]";
            checkName(problems, at + ".name", p.name());
            if (providerMap.putIfAbsent(p.name(), p) != null) {
                problems.add(at + ".name: duplicate provider '" + p.name() + "'");
            }
            if (p.kind() == ProviderKind.OPENAI) {
                if (p.baseUrl() == null) {
                    problems.add(at + ".baseUrl: required for kind 'openai'");
                } else if (!isHttpUrl(p.baseUrl().toString())) {
                    problems.add(at + ".baseUrl: must be an absolute http(s) URL (was '" + p.baseUrl() + "')");
                }
            }
            if (p.apiKeySecret() != null && !p.apiKeySecret().matches("[A-Za-z_][A-Za-z0-9_.]{0,99}")) {
                problems.add(at + ".apiKeySecret: must be the name of a secret (letters, digits, _ and .), not a key");
            }
        }
        Map<String, AllowedModel> modelMap = new LinkedHashMap<>();
        for (int i = 0; i < models.size(); i++) {
            AllowedModel m = models.get(i);
            String at = "models[" + i + "]";
            checkName(problems, at + ".name", m.name());
            if (modelMap.putIfAbsent(m.name(), m) != null) {
                problems.add(at + ".name: duplicate model '" + m.name() + "'");
            }
            Provider p = providerMap.get(m.provider());
            if (p == null) {
                problems.add(at + ".provider: unknown provider '" + m.provider() + "'");
            } else if (p.kind() == ProviderKind.SIM) {
                SimBehaviour.validate(m.upstreamModel())
                        .ifPresent(err -> problems.add(at + ".upstreamModel: " + err));
            }
            if (m.upstreamModel().isBlank()) {
                problems.add(at + ".upstreamModel: must not be blank");
            }
            if (m.contextWindow() != null && m.contextWindow() <= 0) {
                problems.add(at + ".contextWindow: must be positive");
            }
            if (m.inputCostPerMTok() != null && m.inputCostPerMTok().signum() < 0) {
                problems.add(at + ".inputCostPerMTok: must not be negative");
            }
            if (m.outputCostPerMTok() != null && m.outputCostPerMTok().signum() < 0) {
                problems.add(at + ".outputCostPerMTok: must not be negative");
            }
        }
        for (int i = 0; i < models.size(); i++) {
            String standIn = models.get(i).localStandIn();
            if (standIn != null && !modelMap.containsKey(standIn)) {
                problems.add("models[" + i + "].localStandIn: unknown model '" + standIn + "'");
            }
        }
        Map<String, Tier> tierMap = new LinkedHashMap<>();
        for (int i = 0; i < tiers.size(); i++) {
            Tier t = tiers.get(i);
            String at = "tiers[" + i + "]";
            checkName(problems, at + ".name", t.name());
            if (tierMap.putIfAbsent(t.name(), t) != null) {
                problems.add(at + ".name: duplicate tier '" + t.name() + "'");
            }
            if (modelMap.containsKey(t.name())) {
                problems.add(at + ".name: '" + t.name() + "' is also a model name; callers could not tell them apart");
            }
            if (t.chain().isEmpty()) {
                problems.add(at + ".chain: must name at least one model");
            }
            Set<String> seen = new HashSet<>();
            for (int j = 0; j < t.chain().size(); j++) {
                String model = t.chain().get(j);
                if (!modelMap.containsKey(model)) {
                    problems.add(at + ".chain[" + j + "]: '" + model + "' is not an allowlisted model");
                }
                if (!seen.add(model)) {
                    problems.add(at + ".chain[" + j + "]: '" + model + "' appears twice");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigValidationException(problems);
        }
        return new RuntimeConfig(version, Map.copyOf(providerMap), java.util.Collections.unmodifiableMap(modelMap),
                java.util.Collections.unmodifiableMap(tierMap), settings);
    }

    private static void checkName(List<String> problems, String field, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            problems.add(field + ": must be 1-200 characters of letters, digits and ._:/@+- (was '" + name + "')");
        }
    }

    private static boolean isHttpUrl(String url) {
        try {
            java.net.URI uri = java.net.URI.create(url);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    public RuntimeConfig withVersion(long newVersion) {
        return new RuntimeConfig(newVersion, providers, models, tiers, settings);
    }

    /** This configuration with other providers, checked like any other ({@link ConfigValidationException}). */
    public RuntimeConfig withProviders(List<Provider> newProviders) {
        return of(version, newProviders, models(), tiers(), settings);
    }

    public RuntimeConfig withModels(List<AllowedModel> newModels) {
        return of(version, providers(), newModels, tiers(), settings);
    }

    public RuntimeConfig withTiers(List<Tier> newTiers) {
        return of(version, providers(), models(), newTiers, settings);
    }

    public RuntimeConfig withSettings(Settings newSettings) {
        return of(version, providers(), models(), tiers(), newSettings);
    }

    public long version() { return version; }
    public Settings settings() { return settings; }
    public List<Provider> providers() { return List.copyOf(providers.values()); }
    public List<AllowedModel> models() { return List.copyOf(models.values()); }
    public List<Tier> tiers() { return List.copyOf(tiers.values()); }
    public Optional<Provider> provider(String name) { return Optional.ofNullable(providers.get(name)); }
    public Optional<AllowedModel> model(String name) { return Optional.ofNullable(models.get(name)); }
    public Optional<Tier> tier(String name) { return Optional.ofNullable(tiers.get(name)); }

    /** Same content, ignoring the version number. */
    public boolean sameContentAs(RuntimeConfig other) {
        return providers.equals(other.providers) && List.copyOf(models.values()).equals(List.copyOf(other.models.values()))
                && List.copyOf(tiers.values()).equals(List.copyOf(other.tiers.values()))
                && settings.equals(other.settings);
    }
}
