package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.testing.MutableClock;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LatencyGaugesTest {

    @Test
    void quantilesOnceThereAreEnoughAnswersAndTheCountAlways() {
        ModelLatencies latencies = new ModelLatencies(MutableClock.atEpoch());
        for (int i = 0; i < ModelLatencies.MIN_SAMPLES; i++) {
            latencies.record("busy", LatencyKind.TOTAL, Duration.ofMillis(1_500));
        }
        latencies.record("quiet", LatencyKind.FIRST_TOKEN, Duration.ofMillis(300));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

        new LatencyGauges(latencies, registry).refresh(List.of("busy", "quiet"));

        String scrape = registry.scrape();
        assertThat(scrape)
                .contains("proxy_model_latency_seconds{kind=\"total\",model=\"busy\",quantile=\"0.9\"} 1.5")
                .contains("proxy_model_latency_answers{kind=\"total\",model=\"busy\"} 20.0")
                .contains("proxy_model_latency_answers{kind=\"first_token\",model=\"quiet\"} 1.0")
                .doesNotContain("model=\"quiet\",quantile");
    }
}
