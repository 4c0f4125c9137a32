package dev.llmproxy.domain.latency;

import dev.llmproxy.testing.MutableClock;
import dev.llmproxy.testing.Tries;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

class ModelLatenciesTest {

    private final MutableClock clock = MutableClock.atEpoch();
    private final ModelLatencies latencies = new ModelLatencies(clock);

    private void record(String model, LatencyKind kind, long... millis) {
        for (long ms : millis) {
            latencies.record(model, kind, Duration.ofMillis(ms));
        }
    }

    @Test
    void noPercentileUntilTheWindowHoldsEnoughAnswers() {
        for (int i = 1; i < ModelLatencies.MIN_SAMPLES; i++) {
            record("m", LatencyKind.TOTAL, 1_000);
        }
        assertThat(latencies.percentile("m", LatencyKind.TOTAL, 90)).isEmpty();
        assertThat(latencies.summary("m", LatencyKind.TOTAL)).isEqualTo(
                new ModelLatencies.Summary(ModelLatencies.MIN_SAMPLES - 1, null, null, null));
        record("m", LatencyKind.TOTAL, 1_000);
        assertThat(latencies.percentile("m", LatencyKind.TOTAL, 90).orElseThrow().toMillis()).isBetween(1_000L, 1_010L);
        assertThat(latencies.percentile("unknown", LatencyKind.TOTAL, 90)).isEmpty();
    }

    @Test
    void percentilesOfOneModelAndKind() {
        for (long ms = 1; ms <= 100; ms++) {
            record("m", LatencyKind.TOTAL, ms * 10);
            record("m", LatencyKind.FIRST_TOKEN, ms);
        }
        ModelLatencies.Summary total = latencies.summary("m", LatencyKind.TOTAL);
        assertThat(total.count()).isEqualTo(100);
        assertThat(total.p50().toMillis()).isCloseTo(500L, withinPercentage(1));
        assertThat(total.p90().toMillis()).isCloseTo(900L, withinPercentage(1));
        assertThat(total.p99().toMillis()).isCloseTo(990L, withinPercentage(1));
        assertThat(latencies.percentile("m", LatencyKind.FIRST_TOKEN, 90)).hasValue(Duration.ofMillis(90));
        assertThat(latencies.summary("other", LatencyKind.TOTAL).count()).isZero();
    }

    @Test
    void theWindowSlidesOldAnswersOut() {
        record("m", LatencyKind.TOTAL, new long[ModelLatencies.MIN_SAMPLES]); // 20 × 0 ms
        clock.advance(Duration.ofMinutes(3));
        for (int i = 0; i < ModelLatencies.MIN_SAMPLES; i++) {
            record("m", LatencyKind.TOTAL, 5_000);
        }
        assertThat(latencies.summary("m", LatencyKind.TOTAL).count()).isEqualTo(2L * ModelLatencies.MIN_SAMPLES);
        assertThat(latencies.percentile("m", LatencyKind.TOTAL, 50)).hasValue(Duration.ZERO);

        clock.advance(Duration.ofMinutes(2)); // the first answers are five minutes old
        assertThat(latencies.summary("m", LatencyKind.TOTAL).count()).isEqualTo(ModelLatencies.MIN_SAMPLES);
        assertThat(latencies.percentile("m", LatencyKind.TOTAL, 50).orElseThrow().toMillis())
                .isCloseTo(5_000L, withinPercentage(1));

        clock.advance(ModelLatencies.WINDOW);
        assertThat(latencies.summary("m", LatencyKind.TOTAL).count()).isZero();
        assertThat(latencies.percentile("m", LatencyKind.TOTAL, 50)).isEmpty();
    }

    @Test
    void waitsLongerThanAnHourCountAsAnHour() {
        for (int i = 0; i < ModelLatencies.MIN_SAMPLES; i++) {
            latencies.record("m", LatencyKind.TOTAL, Duration.ofDays(2));
        }
        assertThat(latencies.percentile("m", LatencyKind.TOTAL, 99).orElseThrow())
                .isBetween(Duration.ofMinutes(59), Duration.ofMinutes(61));
    }

    /** Whatever the values, a percentile is within 1 % of the exact one (HdrHistogram's two significant digits). */
    @Test
    void aPercentileIsWithinOnePercentOfTheExactOne() {
        Tries.of(200, random -> {
            List<Long> values = random.longs(20 + random.nextInt(281), 1, 600_001).boxed().toList();
            int percentile = 1 + random.nextInt(99);
            ModelLatencies fresh = new ModelLatencies(MutableClock.atEpoch());
            values.forEach(v -> fresh.record("m", LatencyKind.TOTAL, Duration.ofMillis(v)));
            List<Long> sorted = values.stream().sorted().toList();
            // the rank HdrHistogram reads: the smallest value with at least that share of the values at or below it
            long exact = sorted.get(Math.max(1, (percentile * sorted.size() + 99) / 100) - 1);
            long measured = fresh.percentile("m", LatencyKind.TOTAL, percentile).orElseThrow().toMillis();
            assertThat((double) Math.abs(measured - exact)).isLessThanOrEqualTo(exact * 0.01 + 1);
        });
    }
}
