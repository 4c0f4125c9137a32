package dev.llmproxy.application.config;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.config.Tier;

import java.util.List;
import java.util.Map;

/**
 * What a provider kind adds to the configuration a first start stores when the deployment holds its credentials
 * (the embedded default only: a {@code PROXY_BOOTSTRAP} document is stored as it is).
 */
@FunctionalInterface
public interface FirstStart {

    /** The embedded default's shared tiers, which free models may head. */
    String FAST = "fast";
    String BALANCED = "balanced";
    String THOUGHTFUL = "thoughtful";
    String EMBEDDINGS = "embeddings";

    FirstStart NONE = deployed -> Added.NOTHING;

    Added added(Deployed deployed);

    /**
     * @param heads models that take the place of the simulated ones in the shared tiers, by tier name: free models
     *              only, since money is spent only where an admin asks for it
     * @param tiers the kind's own tiers (a paid provider's)
     */
    record Added(List<Provider> providers, List<AllowedModel> models, Map<String, List<String>> heads,
                 List<Tier> tiers) {

        public static final Added NOTHING = new Added(List.of(), List.of(), Map.of(), List.of());

        public Added {
            providers = List.copyOf(providers);
            models = List.copyOf(models);
            heads = Map.copyOf(heads);
            tiers = List.copyOf(tiers);
        }

        /** A provider of free models: they take the simulated ones' places at the head of the shared tiers. */
        public static Added free(Provider provider, List<AllowedModel> models, Map<String, List<String>> heads) {
            return new Added(List.of(provider), models, heads, List.of());
        }

        /** A paid provider: its models in a tier of its own. */
        public static Added paid(Provider provider, List<AllowedModel> models, Tier tier) {
            return new Added(List.of(provider), models, Map.of(), List.of(tier));
        }
    }
}
