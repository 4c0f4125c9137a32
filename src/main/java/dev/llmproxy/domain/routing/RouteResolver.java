package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.config.AllowedModel;
import dev.llmproxy.domain.config.Provider;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Tier;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns the {@code model} a caller asked for into the chain to run, enforcing cost safety: nothing that is not an
 * enabled, allowlisted model is ever a candidate.
 */
public final class RouteResolver {

    /** @param tier the tier asked for, or null when a model was asked for directly */
    public record Route(String tier, List<Candidate> candidates) {
    }

    private RouteResolver() {
    }

    public static Route resolve(RuntimeConfig config, String requested) {
        Optional<Tier> tier = config.tier(requested);
        if (tier.isPresent()) {
            List<Candidate> candidates = new ArrayList<>();
            for (String name : tier.get().chain()) {
                config.model(name).filter(AllowedModel::enabled)
                        .flatMap(m -> config.provider(m.provider()).map(p -> new Candidate(m, p)))
                        .ifPresent(candidates::add);
            }
            if (candidates.isEmpty()) {
                throw new ProxyException(ProxyError.of(ErrorKind.UNAVAILABLE,
                        "Tier '" + requested + "' has no enabled model at the moment."));
            }
            return new Route(requested, candidates);
        }
        AllowedModel model = config.model(requested).orElseThrow(() -> new ProxyException(new ProxyError(
                ErrorKind.COST_SAFETY, "'" + requested + "' is neither a tier nor an allowlisted model; "
                + "only allowlisted models are called.", "model", null)));
        if (!model.enabled()) {
            throw new ProxyException(new ProxyError(ErrorKind.COST_SAFETY,
                    "Model '" + requested + "' is disabled on the allowlist.", "model", null));
        }
        Provider provider = config.provider(model.provider()).orElseThrow();
        return new Route(null, List.of(new Candidate(model, provider)));
    }
}
