package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.routing.ProviderQuotas;
import dev.llmproxy.domain.routing.RateLimitCooldowns;
import dev.llmproxy.domain.upstream.QuotaReading;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class QuotaCellTest {

    private final MutableClock clock = MutableClock.atEpoch();
    private final ProviderQuotas quotas = new ProviderQuotas(clock, new RateLimitCooldowns(clock));

    @Test
    void coolingDownWhatWasLeftOrNothingKnown() {
        quotas.heard("spent", new QuotaReading(0L, Duration.ofSeconds(30), null, null));
        quotas.heard("busy", new QuotaReading(12L, Duration.ofSeconds(14), 30_000L, null));
        clock.advance(Duration.ofSeconds(5));

        var cells = QuotaCell.of(quotas, clock, List.of("spent", "busy", "idle"));

        assertThat(cells.get("spent")).isEqualTo("not called for another 25 s");
        assertThat(cells.get("busy")).isEqualTo("12 requests until a reset in 9 s, 30000 tokens left (said 5 s ago)");
        assertThat(cells.get("idle")).isEqualTo("-");
    }
}
