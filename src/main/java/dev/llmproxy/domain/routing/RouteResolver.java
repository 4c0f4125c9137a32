package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.FreeStatus;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.config.Tier;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Turns the {@code model} a caller asked for into the chain to run, enforcing cost safety: nothing that is not an
 * enabled, allowlisted model (and, with {@code requireVerifiedFree}, verified free lately) is ever a candidate.
 */
public final class RouteResolver {

    /**
     * @param tier      the tier asked for, or null when a model was asked for directly
     * @param onRefusal the models the tier sends a content refusal to, in order (empty: a refusal stops)
     */
    public record Route(String tier, List<Candidate> candidates, List<Candidate> onRefusal) {
        public Route(String tier, List<Candidate> candidates) {
            this(tier, candidates, List.of());
        }
    }

    /**
     * As {@link #resolve(RuntimeConfig, String, LocalDate)}, and every model that names a local stand-in that is
     * ready (enabled, at a known provider, and {@code standInReady} says so) is replaced by it, in its place in the
     * chain. Cost safety is judged on the model asked for: the stand-in serves in its stead.
     *
     * @param standInReady whether a stand-in may serve now (never, outside development)
     */
    public static Route resolve(RuntimeConfig config, String requested, LocalDate today,
                                Predicate<AllowedModel> standInReady) {
        Route route = resolve(config, requested, today);
        return new Route(route.tier(), standingIn(config, route.candidates(), standInReady),
                standingIn(config, route.onRefusal(), standInReady));
    }

    private static List<Candidate> standingIn(RuntimeConfig config, List<Candidate> candidates,
                                              Predicate<AllowedModel> standInReady) {
        List<Candidate> local = new ArrayList<>();
        for (Candidate c : candidates) {
            Candidate chosen = Optional.ofNullable(c.model().localStandIn()).flatMap(config::model)
                    .filter(AllowedModel::enabled).filter(standInReady)
                    .flatMap(s -> config.provider(s.provider()).map(p -> new Candidate(s, p))).orElse(c);
            // two models with one stand-in: once is enough
            if (local.stream().noneMatch(x -> x.model().name().equals(chosen.model().name()))) {
                local.add(chosen);
            }
        }
        return List.copyOf(local);
    }

    private RouteResolver() {
    }

    /** @param today the date a model's free verification is judged against ({@code requireVerifiedFree}) */
    public static Route resolve(RuntimeConfig config, String requested, LocalDate today) {
        Settings settings = config.settings();
        Predicate<AllowedModel> mayCall = m -> !settings.costSafety().requireVerifiedFree()
                || FreeStatus.verified(m, today, settings.costSafety().freeVerificationMaxAgeDays());
        Optional<Tier> tier = config.tier(requested);
        if (tier.isPresent()) {
            List<Candidate> candidates = callable(config, tier.get().chain(), mayCall);
            // only an empty chain asks why: enabled models all refused, or none enabled
            if (candidates.isEmpty() && tier.get().chain().stream().anyMatch(name -> !named(config, name).isEmpty())) {
                throw new ProxyException(new ProxyError(ErrorKind.COST_SAFETY, "Tier '" + requested + "' has no model "
                        + unverified(settings) + "; requireVerifiedFree refuses the others.", "model", null));
            }
            if (candidates.isEmpty()) {
                throw new ProxyException(ProxyError.of(ErrorKind.UNAVAILABLE,
                        "Tier '" + requested + "' has no enabled model at the moment."));
            }
            return new Route(requested, candidates, callable(config, tier.get().onRefusal(), mayCall));
        }
        if (!config.deployments(requested).isEmpty()) {
            return group(config, requested, mayCall, settings);
        }
        AllowedModel model = config.model(requested).orElseThrow(() -> new ProxyException(new ProxyError(
                ErrorKind.COST_SAFETY, "'" + requested + "' is neither a tier, an allowlisted model nor a deployment group; "
                + "only allowlisted models are called.", "model", null)));
        if (!model.enabled()) {
            throw new ProxyException(new ProxyError(ErrorKind.COST_SAFETY,
                    "Model '" + requested + "' is disabled on the allowlist.", "model", null));
        }
        if (!mayCall.test(model)) {
            throw new ProxyException(new ProxyError(ErrorKind.COST_SAFETY, "Model '" + requested + "' is not "
                    + unverified(settings) + "; requireVerifiedFree refuses it.", "model", null));
        }
        Provider provider = config.provider(model.provider()).orElseThrow();
        return new Route(null, List.of(new Candidate(model, provider)));
    }

    /** A deployment group asked for by name: its deployments, as one model asked for would be judged. */
    private static Route group(RuntimeConfig config, String requested, Predicate<AllowedModel> mayCall,
                               Settings settings) {
        List<Candidate> enabled = named(config, requested);
        if (enabled.isEmpty()) {
            throw new ProxyException(new ProxyError(ErrorKind.COST_SAFETY,
                    "Every deployment of '" + requested + "' is disabled on the allowlist.", "model", null));
        }
        List<Candidate> candidates = enabled.stream().filter(c -> mayCall.test(c.model())).toList();
        if (candidates.isEmpty()) {
            throw new ProxyException(new ProxyError(ErrorKind.COST_SAFETY, "No deployment of '" + requested
                    + "' is " + unverified(settings) + "; requireVerifiedFree refuses them.", "model", null));
        }
        return new Route(null, candidates);
    }

    /** The models {@code names} name that may be called, each once, in order. */
    private static List<Candidate> callable(RuntimeConfig config, List<String> names, Predicate<AllowedModel> mayCall) {
        List<Candidate> candidates = new ArrayList<>();
        for (String name : names) {
            for (Candidate c : named(config, name)) {
                if (mayCall.test(c.model()) && candidates.stream()
                        .noneMatch(x -> x.model().name().equals(c.model().name()))) {
                    candidates.add(c);
                }
            }
        }
        return candidates;
    }

    /** The enabled models a chain entry names at a known provider: the model, or a group's deployments. */
    private static List<Candidate> named(RuntimeConfig config, String name) {
        String group = config.deployments(name).isEmpty() ? null : name;
        List<Candidate> out = new ArrayList<>();
        for (AllowedModel m : config.entry(name)) {
            if (m.enabled()) {
                config.provider(m.provider()).ifPresent(p -> out.add(new Candidate(m, p, group)));
            }
        }
        return out;
    }

    private static String unverified(Settings settings) {
        return "verified free within the last " + settings.costSafety().freeVerificationMaxAgeDays() + " days";
    }
}
