package dev.llmproxy.application.breaker;

import dev.llmproxy.application.audit.AuditTrail;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.breaker.BreakerState;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.breaker.CircuitBreaker;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Tier;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** Which models this instance would call now, and so which tiers can answer. */
@ApplicationScoped
public class ModelHealth {

    public record ModelStatus(String name, BreakerState state, Optional<Duration> untilProbe) {
    }

    public record TierStatus(String name, boolean canAnswer) {
    }

    private final ConfigService configs;
    private final Breakers breakers;
    private final AuditTrail audit;

    @Inject
    ModelHealth(ConfigService configs, Breakers breakers, AuditTrail audit) {
        this.configs = configs;
        this.breakers = breakers;
        this.audit = audit;
    }

    /** For the container's client proxy. */
    protected ModelHealth() {
        this(null, null, null);
    }

    /** Enabled allowlisted models and their breaker states. */
    public List<ModelStatus> models() {
        return configs.current().models().stream().filter(AllowedModel::enabled)
                .map(m -> {
                    CircuitBreaker b = breakers.of(m.name());
                    return new ModelStatus(m.name(), b.state(), b.untilProbe());
                }).toList();
    }

    /**
     * A tier can answer when some enabled model of its chain (a deployment of a group it names counts) is closed or
     * half-open (due for a probe).
     */
    public List<TierStatus> tiers() {
        RuntimeConfig config = configs.current();
        return config.tiers().stream().map(t -> new TierStatus(t.name(), canAnswer(config, t))).toList();
    }

    private boolean canAnswer(RuntimeConfig config, Tier tier) {
        return tier.chain().stream().flatMap(entry -> config.entry(entry).stream()).anyMatch(m -> m.enabled()
                && breakers.of(m.name()).state() != BreakerState.OPEN);
    }

    /** @return false when the model is not on the allowlist */
    public boolean forceOpen(String model, String who) {
        return change(model, who, "breaker forced open", b -> b.forceOpen("forced open by " + who));
    }

    /** @return false when the model is not on the allowlist */
    public boolean reset(String model, String who) {
        return change(model, who, "breaker reset", b -> b.reset("reset by " + who));
    }

    /** An admin's change to a breaker, with its audit record. */
    private boolean change(String model, String who, String action, Consumer<CircuitBreaker> apply) {
        if (configs.current().model(model).isEmpty()) {
            return false;
        }
        CircuitBreaker b = breakers.of(model);
        String before = b.state().name();
        apply.accept(b);
        audit.record(who, action, model, before, b.state().name());
        return true;
    }
}
