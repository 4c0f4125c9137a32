package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.application.breaker.ModelHealth;
import dev.llmproxy.domain.breaker.BreakerState;
import dev.llmproxy.domain.breaker.BreakerTransition;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The breakers: each model's state, its changes, and whether each tier can answer at all. */
@ApplicationScoped
public class BreakerMeters implements MechanismMeters {

    private final ModelHealth health;

    private Meter.MeterProvider<Counter> transitions;
    private MultiGauge states;
    private MultiGauge tierAvailable;

    @Inject
    BreakerMeters(ModelHealth health) {
        this.health = health;
    }

    /** For the container's client proxy. */
    protected BreakerMeters() {
        this(null);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        transitions = Counter.builder("proxy.breaker.transitions")
                .description("Circuit breaker state changes by model").withRegistry(registry);
        states = MultiGauge.builder("proxy.breaker.state")
                .description("1 for each model's current breaker state (closed, open, half_open), 0 for the others")
                .register(registry);
        tierAvailable = MultiGauge.builder("proxy.tier.available")
                .description("1 when some model of the tier's chain is closed or due for a probe, else 0")
                .register(registry);
    }

    void transition(BreakerTransition t) {
        transitions.withTags("model", t.model(), "from", label(t.from()), "to", label(t.to())).increment();
    }

    /** Every allowlisted model, in every state: a model that was removed disappears from the series. */
    @Override
    public void refresh(Instant now) {
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        for (ModelHealth.ModelStatus m : health.models()) {
            for (BreakerState s : BreakerState.values()) {
                rows.add(MultiGauge.Row.of(Tags.of("model", m.name(), "state", label(s)), m.state() == s ? 1 : 0));
            }
        }
        states.register(rows, true);
        tierAvailable.register(health.tiers().stream()
                .map(t -> MultiGauge.Row.of(Tags.of("tier", t.name()), t.canAnswer() ? 1 : 0))
                .collect(Collectors.toList()), true);
    }

    static String label(BreakerState s) {
        return s.name().toLowerCase(Locale.ROOT);
    }
}
