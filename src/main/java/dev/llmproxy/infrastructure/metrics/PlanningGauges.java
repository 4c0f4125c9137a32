package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.domain.routing.ModelSlots;
import dev.llmproxy.domain.routing.ProviderQuotas;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** What the chain plans each model's calls with (its rate limit, its calls in flight), read at scrape time. */
final class PlanningGauges {

    private final ProviderQuotas quotas;
    private final ModelSlots slots;
    private final MultiGauge left;
    private final MultiGauge cooling;
    private final MultiGauge inFlight;

    PlanningGauges(ProviderQuotas quotas, ModelSlots slots, MeterRegistry registry) {
        this.quotas = quotas;
        this.slots = slots;
        this.left = MultiGauge.builder("proxy.model.ratelimit.remaining")
                .description("Requests or tokens a model's rate limit had left, as its provider's headers last said "
                        + "(until that limit's reset)").register(registry);
        this.cooling = MultiGauge.builder("proxy.model.cooldown.seconds").baseUnit("seconds")
                .description("How long a model is still passed over without a call, after a 429 or because its "
                        + "provider said its quota is spent").register(registry);
        this.inFlight = MultiGauge.builder("proxy.model.in.flight")
                .description("Calls to a model in flight on this instance (held against its concurrency cap)")
                .register(registry);
    }

    void refresh(List<String> models, Instant now) {
        List<MultiGauge.Row<?>> lefts = new ArrayList<>();
        List<MultiGauge.Row<?>> coolings = new ArrayList<>();
        List<MultiGauge.Row<?>> calls = new ArrayList<>();
        for (String model : models) {
            quotas.latest(model).ifPresent(h -> {
                if (h.requestsLeft() != null && (h.requestsReset() == null || h.requestsReset().isAfter(now))) {
                    lefts.add(MultiGauge.Row.of(Tags.of("model", model, "unit", "requests"), h.requestsLeft()));
                }
                if (h.tokensLeft() != null && (h.tokensReset() == null || h.tokensReset().isAfter(now))) {
                    lefts.add(MultiGauge.Row.of(Tags.of("model", model, "unit", "tokens"), h.tokensLeft()));
                }
            });
            coolings.add(MultiGauge.Row.of(Tags.of("model", model),
                    quotas.coolingFor(model).map(d -> d.toMillis() / 1000.0).orElse(0.0)));
            calls.add(MultiGauge.Row.of(Tags.of("model", model), slots.inFlight(model)));
        }
        left.register(lefts, true);
        cooling.register(coolings, true);
        inFlight.register(calls, true);
    }
}
