package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.domain.routing.ModelSlots;
import dev.llmproxy.domain.routing.ProviderQuotas;
import dev.llmproxy.domain.routing.RateLimitCooldowns;
import dev.llmproxy.domain.upstream.QuotaReading;
import dev.llmproxy.testing.MutableClock;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PlanningGaugesTest {

    @Test
    void whatWasLeftUntilItsResetAndHowLongAModelIsPassedOver() {
        MutableClock clock = MutableClock.atEpoch();
        ProviderQuotas quotas = new ProviderQuotas(clock, new RateLimitCooldowns(clock));
        quotas.heard("spent", new QuotaReading(0L, Duration.ofSeconds(30), 500L, Duration.ofSeconds(2)));
        clock.advance(Duration.ofSeconds(10));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

        ModelSlots slots = new ModelSlots();
        slots.of("spent").take(4, 0);

        new PlanningGauges(quotas, slots, registry).refresh(List.of("spent", "idle"), clock.instant());

        assertThat(registry.scrape())
                .contains("proxy_model_ratelimit_remaining{model=\"spent\",unit=\"requests\"} 0.0")
                .doesNotContain("unit=\"tokens\"") // its token window has reset since
                .contains("proxy_model_cooldown_seconds{model=\"spent\"} 20.0")
                .contains("proxy_model_cooldown_seconds{model=\"idle\"} 0.0")
                .contains("proxy_model_in_flight{model=\"spent\"} 1.0")
                .contains("proxy_model_in_flight{model=\"idle\"} 0.0");
    }
}
