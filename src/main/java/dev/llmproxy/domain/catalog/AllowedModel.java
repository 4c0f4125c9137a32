package dev.llmproxy.domain.catalog;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A model on the allowlist. Only enabled allowlisted models are ever called (cost safety).
 *
 * @param name            the alias callers and tiers use
 * @param upstreamModel   the provider's own model name (for {@code sim}: a behaviour spec)
 * @param freeVerifiedOn  when someone last checked the free status; null if never
 * @param supportsPrefill whether the model continues an assistant prefill (mid-stream failover target)
 * @param localStandIn    the allowlisted model that stands in for this one in local development; may be null
 * @param reasoningEffort the effort asked of the model when the caller names none (one of
 *                        {@link ReasoningEffort#ALL}); null leaves the model's own default
 * @param thinkingHeadroom output tokens added to a caller's answer budget for the model's thoughts; null for the
 *                        provider's default by model family
 * @param cachedInputCostPerMTok the price of prompt tokens the provider reports as served from its cache; null: they
 *                        cost {@code inputCostPerMTok} like the others
 * @param vectorSpace     for an embedding model, the space its vectors live in ({@code label@dimensions}, e.g.
 *                        {@code text-embedding-3-small@1536}); null for a chat model. Vectors of two spaces are not
 *                        comparable, so embedding chains never leave their space.
 * @param cacheWriteCostPerMTok the price of prompt tokens the provider writes to its cache (Anthropic charges 1.25
 *                        times the input price for them); null: they cost {@code inputCostPerMTok} like the others
 * @param promptCaching   whether the provider is asked to cache the stable start of each prompt (the system prompt
 *                        and the tools), for providers that cache only when asked (Anthropic's)
 * @param maxConcurrent   how many calls to the model may be in flight at once; null for no cap. Requests beyond it
 *                        go to the next model of their chain, or wait for a slot when it is the last
 * @param deploymentOf    the deployment group this model is one deployment of (the same model at another provider
 *                        or region); chains and callers may name the group, which balances its deployments. Null:
 *                        in no group
 * @param weight          the model's share of its group's traffic; null in a group balanced by observed latency
 */
public record AllowedModel(String name, String provider, String upstreamModel, String family, boolean enabled,
                           boolean free, LocalDate freeVerifiedOn, Integer contextWindow, boolean supportsPrefill,
                           BigDecimal inputCostPerMTok, BigDecimal outputCostPerMTok, String localStandIn,
                           String reasoningEffort, Integer thinkingHeadroom, BigDecimal cachedInputCostPerMTok,
                           String vectorSpace, BigDecimal cacheWriteCostPerMTok, boolean promptCaching,
                           Integer maxConcurrent, String deploymentOf, Integer weight) {
    /** The fields of a model as the config document and the console's form name them, in order. */
    public static final List<String> FIELDS = Arrays.stream(AllowedModel.class.getRecordComponents())
            .map(RecordComponent::getName).toList();

    public AllowedModel {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(upstreamModel, "upstreamModel");
    }

    /** A model without a concurrency cap, in no deployment group. */
    public AllowedModel(String name, String provider, String upstreamModel, String family, boolean enabled,
                        boolean free, LocalDate freeVerifiedOn, Integer contextWindow, boolean supportsPrefill,
                        BigDecimal inputCostPerMTok, BigDecimal outputCostPerMTok, String localStandIn,
                        String reasoningEffort, Integer thinkingHeadroom, BigDecimal cachedInputCostPerMTok,
                        String vectorSpace, BigDecimal cacheWriteCostPerMTok, boolean promptCaching) {
        this(name, provider, upstreamModel, family, enabled, free, freeVerifiedOn, contextWindow, supportsPrefill,
                inputCostPerMTok, outputCostPerMTok, localStandIn, reasoningEffort, thinkingHeadroom,
                cachedInputCostPerMTok, vectorSpace, cacheWriteCostPerMTok, promptCaching, null, null, null);
    }

    /** A model without prompt caching. */
    public AllowedModel(String name, String provider, String upstreamModel, String family, boolean enabled,
                        boolean free, LocalDate freeVerifiedOn, Integer contextWindow, boolean supportsPrefill,
                        BigDecimal inputCostPerMTok, BigDecimal outputCostPerMTok, String localStandIn,
                        String reasoningEffort, Integer thinkingHeadroom, BigDecimal cachedInputCostPerMTok,
                        String vectorSpace) {
        this(name, provider, upstreamModel, family, enabled, free, freeVerifiedOn, contextWindow, supportsPrefill,
                inputCostPerMTok, outputCostPerMTok, localStandIn, reasoningEffort, thinkingHeadroom,
                cachedInputCostPerMTok, vectorSpace, null, false, null, null, null);
    }

    /** A chat model. */
    public AllowedModel(String name, String provider, String upstreamModel, String family, boolean enabled,
                        boolean free, LocalDate freeVerifiedOn, Integer contextWindow, boolean supportsPrefill,
                        BigDecimal inputCostPerMTok, BigDecimal outputCostPerMTok, String localStandIn,
                        String reasoningEffort, Integer thinkingHeadroom, BigDecimal cachedInputCostPerMTok) {
        this(name, provider, upstreamModel, family, enabled, free, freeVerifiedOn, contextWindow, supportsPrefill,
                inputCostPerMTok, outputCostPerMTok, localStandIn, reasoningEffort, thinkingHeadroom,
                cachedInputCostPerMTok, null, null, false, null, null, null);
    }

    /** Whether this model makes embeddings (it has a vector space) rather than chat answers. */
    public boolean embeds() {
        return vectorSpace != null;
    }

    /** What the model makes, in the words callers and admins read: {@code chat} or {@code embedding}. */
    public String kind() {
        return embeds() ? "embedding" : "chat";
    }

    /** A minimal enabled model, for code paths and tests that need nothing else. */
    public static AllowedModel of(String name, String provider, String upstreamModel) {
        return new AllowedModel(name, provider, upstreamModel, null, true, false, null, null, false, null, null, null,
                null, null, null);
    }
}
