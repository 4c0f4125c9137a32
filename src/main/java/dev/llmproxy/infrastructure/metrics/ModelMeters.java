package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.application.breaker.ModelHealth;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.FreeStatus;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.routing.ModelSlots;
import dev.llmproxy.domain.routing.ProviderQuotas;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * What the chain plans each model's calls with (its recent latencies, its provider's rate-limit headroom, its calls in
 * flight), and the allowlist's models marked free without a recent check.
 */
@ApplicationScoped
public class ModelMeters implements MechanismMeters {

    private final ModelHealth health;
    private final ModelLatencies latencies;
    private final ProviderQuotas quotas;
    private final ModelSlots slots;
    private final ConfigService configs;
    private final Clock clock;

    private LatencyGauges latencyGauges;
    private PlanningGauges planningGauges;

    @Inject
    ModelMeters(ModelHealth health, ModelLatencies latencies, ProviderQuotas quotas, ModelSlots slots,
            ConfigService configs, Clock clock) {
        this.health = health;
        this.latencies = latencies;
        this.quotas = quotas;
        this.slots = slots;
        this.configs = configs;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected ModelMeters() {
        this(null, null, null, null, null, null);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        latencyGauges = new LatencyGauges(latencies, registry);
        planningGauges = new PlanningGauges(quotas, slots, registry);
        Gauge.builder("proxy.models.free.verification.stale", configs,
                        c -> FreeStatus.staleModels(c.current(), LocalDate.now(clock)).size()).strongReference(true)
                .description("Models marked free whose free status was never verified or is older than "
                        + "freeVerificationMaxAgeDays").register(registry);
    }

    @Override
    public void refresh(Instant now) {
        List<String> models = health.models().stream().map(ModelHealth.ModelStatus::name).toList();
        latencyGauges.refresh(models);
        planningGauges.refresh(models, now);
    }
}
