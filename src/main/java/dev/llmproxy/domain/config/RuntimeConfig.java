package dev.llmproxy.domain.config;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The whole runtime configuration as one immutable, cross-checked snapshot. The proxy holds exactly one at a time
 * and swaps it atomically, so a request never sees half of a change.
 */
public final class RuntimeConfig {

    private final long version;
    private final Map<String, Provider> providers;
    private final Map<String, AllowedModel> models;
    private final Map<String, Tier> tiers;
    /** Derived from the models: each deployment group's deployments. */
    private final Map<String, List<AllowedModel>> groups;
    private final Settings settings;
    /** Derived once per snapshot: every answer asks whether its model is a stand-in. */
    private final java.util.Set<String> standIns;

    private RuntimeConfig(long version, Map<String, Provider> providers, Map<String, AllowedModel> models,
                          Map<String, List<AllowedModel>> groups, Map<String, Tier> tiers, Settings settings) {
        this.version = version;
        this.groups = groups;
        this.providers = providers;
        this.models = models;
        this.tiers = tiers;
        this.settings = settings;
        this.standIns = models.values().stream().map(AllowedModel::localStandIn).filter(java.util.Objects::nonNull)
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    /**
     * Checks every cross-reference and name and returns the snapshot, or throws with every problem found.
     */
    public static RuntimeConfig of(long version, List<Provider> providers, List<AllowedModel> models,
                                   List<Tier> tiers, Settings settings) {
        List<Problem> problems = new ArrayList<>();
        Map<String, Provider> providerMap = ProvidersCheck.check(providers, problems);
        Map<String, AllowedModel> modelMap = ModelsCheck.check(models, providerMap, problems);
        Map<String, List<AllowedModel>> groups = DeploymentsCheck.check(models, modelMap, providerMap, problems);
        Map<String, Tier> tierMap = TiersCheck.check(tiers, modelMap, groups, problems);
        if (!problems.isEmpty()) {
            throw new ConfigValidationException(problems);
        }
        return new RuntimeConfig(version, Collections.unmodifiableMap(providerMap),
                Collections.unmodifiableMap(modelMap), Map.copyOf(groups), Collections.unmodifiableMap(tierMap),
                settings);
    }

    public RuntimeConfig withVersion(long newVersion) {
        return new RuntimeConfig(newVersion, providers, models, groups, tiers, settings);
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

    /** The deployments of the group {@code name}, in allowlist order; empty if no model names that group. */
    public List<AllowedModel> deployments(String name) { return groups.getOrDefault(name, List.of()); }

    /**
     * The models a tier's chain entry names: the model itself, or a deployment group's deployments; empty for a name
     * that is neither. Every place that reads a chain reads its entries through this one resolver.
     */
    public List<AllowedModel> entry(String name) {
        List<AllowedModel> group = deployments(name);
        return group.isEmpty() ? model(name).stream().toList() : group;
    }

    /** Whether the model is some model's local stand-in: an answer from it is a local model's. */
    public boolean isStandIn(String modelName) {
        return standIns.contains(modelName);
    }

    /** Same content, ignoring the version number. */
    public boolean sameContentAs(RuntimeConfig other) {
        return List.copyOf(providers.values()).equals(List.copyOf(other.providers.values()))
                && List.copyOf(models.values()).equals(List.copyOf(other.models.values()))
                && List.copyOf(tiers.values()).equals(List.copyOf(other.tiers.values()))
                && settings.equals(other.settings);
    }
}
