package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LatencyRowTest {

    private final ModelLatencies latencies = new ModelLatencies(MutableClock.atEpoch());

    @Test
    void percentilesInSecondsOnceThereAreEnoughAnswersAndTheCountBefore() {
        for (int i = 0; i < ModelLatencies.MIN_SAMPLES; i++) {
            latencies.record("busy", LatencyKind.TOTAL, Duration.ofMillis(2_000));
            latencies.record("busy", LatencyKind.FIRST_TOKEN, Duration.ofMillis(400));
        }
        latencies.record("quiet", LatencyKind.TOTAL, Duration.ofMillis(900));

        var rows = LatencyRow.of(latencies, List.of("busy", "quiet", "idle"));

        assertThat(rows.get("busy")).isEqualTo(new LatencyRow("0.4 / 0.4 / 0.4 s (20)", "2.0 / 2.0 / 2.0 s (20)"));
        assertThat(rows.get("quiet")).isEqualTo(new LatencyRow("-", "1 answer, too few to tell"));
        assertThat(rows.get("idle")).isEqualTo(new LatencyRow("-", "-"));
    }
}
