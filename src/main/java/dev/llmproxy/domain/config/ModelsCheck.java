package dev.llmproxy.domain.config;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.catalog.ReasoningEffort;
import dev.llmproxy.domain.sim.SimBehaviour;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The allowlist: unique valid names, a known provider, sane numbers, a well-formed vector space, a stand-in that is
 * itself allowlisted and makes what the model makes (chat answers, or vectors of the same space).
 */
final class ModelsCheck {

    /** A cap beyond any server's worker pool is a typo, not a limit. */
    static final int MAX_CONCURRENT = 100_000;

    private ModelsCheck() {
    }

    /** @return the models by name, in order (the first of a duplicate) */
    static Map<String, AllowedModel> check(List<AllowedModel> models, Map<String, Provider> providers,
                                           List<Problem> problems) {
        Map<String, AllowedModel> byName = new LinkedHashMap<>();
        for (int i = 0; i < models.size(); i++) {
            AllowedModel m = models.get(i);
            String at = "models[" + i + "]";
            ConfigNames.check(problems, at + ".name", m.name());
            if (byName.putIfAbsent(m.name(), m) != null) {
                problems.add(new Problem(at + ".name", "duplicate model '" + m.name() + "'"));
            }
            Provider p = providers.get(m.provider());
            if (p == null) {
                problems.add(new Problem(at + ".provider", "unknown provider '" + m.provider() + "'"));
            } else if (p.kind() == ProviderKind.SIM) {
                SimBehaviour.validate(m.upstreamModel())
                        .ifPresent(err -> problems.add(new Problem(at + ".upstreamModel", err)));
            }
            if (m.upstreamModel().isBlank()) {
                problems.add(new Problem(at + ".upstreamModel", "must not be blank"));
            }
            if (m.contextWindow() != null && m.contextWindow() <= 0) {
                problems.add(new Problem(at + ".contextWindow", "must be positive"));
            }
            if (m.reasoningEffort() != null && !ReasoningEffort.ALL.contains(m.reasoningEffort())) {
                problems.add(new Problem(at + ".reasoningEffort", "must be one of " + ReasoningEffort.listed()));
            }
            if (m.thinkingHeadroom() != null && (m.thinkingHeadroom() < 0 || m.thinkingHeadroom() > ReasoningEffort.MAX_HEADROOM)) {
                problems.add(new Problem(at + ".thinkingHeadroom", "must be from 0 to " + ReasoningEffort.MAX_HEADROOM + " tokens"));
            }
            if (m.maxConcurrent() != null && (m.maxConcurrent() < 1 || m.maxConcurrent() > MAX_CONCURRENT)) {
                problems.add(new Problem(at + ".maxConcurrent", "must be from 1 to " + MAX_CONCURRENT + " calls"));
            }
            if (m.vectorSpace() != null) {
                VectorSpace.problem(m.vectorSpace()).ifPresent(why -> problems.add(new Problem(at + ".vectorSpace", why)));
                if (p != null && !p.kind().embeds()) {
                    problems.add(new Problem(at + ".vectorSpace", "provider '" + p.name() + "' is of kind '"
                            + p.kind().id() + "', which the proxy does not ask for embeddings"));
                }
            }
            if (m.inputCostPerMTok() != null && m.inputCostPerMTok().signum() < 0) {
                problems.add(new Problem(at + ".inputCostPerMTok", "must not be negative"));
            }
            if (m.cachedInputCostPerMTok() != null && m.cachedInputCostPerMTok().signum() < 0) {
                problems.add(new Problem(at + ".cachedInputCostPerMTok", "must not be negative"));
            }
            if (m.cacheWriteCostPerMTok() != null && m.cacheWriteCostPerMTok().signum() < 0) {
                problems.add(new Problem(at + ".cacheWriteCostPerMTok", "must not be negative"));
            }
            if (m.outputCostPerMTok() != null && m.outputCostPerMTok().signum() < 0) {
                problems.add(new Problem(at + ".outputCostPerMTok", "must not be negative"));
            }
        }
        for (int i = 0; i < models.size(); i++) {
            AllowedModel m = models.get(i);
            String standIn = m.localStandIn();
            AllowedModel local = standIn == null ? null : byName.get(standIn);
            if (standIn != null && local == null) {
                problems.add(new Problem("models[" + i + "].localStandIn", "unknown model '" + standIn + "'"));
            } else if (local != null && !Objects.equals(m.vectorSpace(), local.vectorSpace())) {
                problems.add(new Problem("models[" + i + "].localStandIn", "'" + standIn + "' " + TiersCheck.makes(local)
                        + " and '" + m.name() + "' " + TiersCheck.makes(m) + "; a stand-in must make the same"));
            }
        }
        return byName;
    }
}
