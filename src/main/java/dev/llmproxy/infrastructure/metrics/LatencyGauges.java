package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.ModelLatencies;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Each model's recent latencies as the chain plans with them (the last five minutes on this instance), read at scrape
 * time: the answers counted, and p50 / p90 / p99 once there are enough of them to tell.
 */
final class LatencyGauges {

    private final ModelLatencies latencies;
    private final MultiGauge seconds;
    private final MultiGauge answers;

    LatencyGauges(ModelLatencies latencies, MeterRegistry registry) {
        this.latencies = latencies;
        this.seconds = MultiGauge.builder("proxy.model.latency.seconds").baseUnit("seconds")
                .description("A model's recent time to first token (streams) or to its whole answer, by quantile, "
                        + "over the last 5 minutes on this instance; absent below 20 answers")
                .register(registry);
        this.answers = MultiGauge.builder("proxy.model.latency.answers")
                .description("Answers in a model's recent latency window (last 5 minutes on this instance)")
                .register(registry);
    }

    /** @param models the models to show (the enabled ones on the allowlist) */
    void refresh(List<String> models) {
        List<MultiGauge.Row<?>> quantiles = new ArrayList<>();
        List<MultiGauge.Row<?>> counts = new ArrayList<>();
        for (String model : models) {
            for (LatencyKind kind : LatencyKind.values()) {
                String label = kind.name().toLowerCase(Locale.ROOT);
                ModelLatencies.Summary s = latencies.summary(model, kind);
                counts.add(MultiGauge.Row.of(Tags.of("model", model, "kind", label), s.count()));
                if (s.p50() != null) {
                    quantiles.add(MultiGauge.Row.of(Tags.of("model", model, "kind", label, "quantile", "0.5"),
                            s.p50().toMillis() / 1000.0));
                    quantiles.add(MultiGauge.Row.of(Tags.of("model", model, "kind", label, "quantile", "0.9"),
                            s.p90().toMillis() / 1000.0));
                    quantiles.add(MultiGauge.Row.of(Tags.of("model", model, "kind", label, "quantile", "0.99"),
                            s.p99().toMillis() / 1000.0));
                }
            }
        }
        seconds.register(quantiles, true);
        answers.register(counts, true);
    }
}
