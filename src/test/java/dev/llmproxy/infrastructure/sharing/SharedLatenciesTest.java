package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.LatencySample;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SharedLatenciesTest {

    @Test
    void aFlushTellsOneMessageGroupedByModelAndKindThatReadsBackAsTheSamples() {
        List<String[]> told = new ArrayList<>();
        SharedLatencies.Outbox outbox = new SharedLatencies.Outbox(told::add);
        outbox.add(new LatencySample("gpt-4o", LatencyKind.TOTAL, 812));
        outbox.add(new LatencySample("gpt-4o", LatencyKind.FIRST_TOKEN, 140));
        outbox.add(new LatencySample("gpt-4o", LatencyKind.TOTAL, 905));
        outbox.add(new LatencySample("claude", LatencyKind.TOTAL, 1200));

        outbox.flush();
        outbox.flush(); // nothing new: nothing told

        assertThat(told).hasSize(1);
        assertThat(told.get(0)).containsExactly("gpt-4o", "TOTAL", "812,905", "gpt-4o", "FIRST_TOKEN", "140",
                "claude", "TOTAL", "1200");
        assertThat(SharedLatencies.read(told.get(0))).containsExactly(
                new LatencySample("gpt-4o", LatencyKind.TOTAL, 812), new LatencySample("gpt-4o", LatencyKind.TOTAL, 905),
                new LatencySample("gpt-4o", LatencyKind.FIRST_TOKEN, 140),
                new LatencySample("claude", LatencyKind.TOTAL, 1200));
    }

    @Test
    void aFlushTellsAtMostItsShareAndTheRestIsLeftOut() {
        List<String[]> told = new ArrayList<>();
        SharedLatencies.Outbox outbox = new SharedLatencies.Outbox(told::add);
        for (int i = 0; i < SharedLatencies.MAX_PER_FLUSH + 10; i++) {
            outbox.add(new LatencySample("m", LatencyKind.TOTAL, i));
        }
        outbox.flush();

        assertThat(SharedLatencies.read(told.get(0))).hasSize(SharedLatencies.MAX_PER_FLUSH);
        outbox.add(new LatencySample("m", LatencyKind.TOTAL, 1));
        outbox.flush();
        assertThat(SharedLatencies.read(told.get(1))).hasSize(1); // room again after a flush
    }

    @Test
    void anythingElseOnTheChannelIsIgnored() {
        assertThat(SharedLatencies.read(new String[] {"m", "TOTAL"})).isEmpty();
        assertThat(SharedLatencies.read(new String[] {"m", "SOON", "1"})).isEmpty();
        assertThat(SharedLatencies.read(new String[] {"m", "TOTAL", "1,x", "n", "TOTAL", "2"}))
                .containsExactly(new LatencySample("n", LatencyKind.TOTAL, 2));
        assertThat(SharedLatencies.read(new String[] {"", "TOTAL", "1", "n", "TOTAL", "-3"})).isEmpty();
    }

    @Test
    void heardLatenciesCountLikeMeasuredOnesButAreNotToldAgain() {
        List<LatencySample> told = new ArrayList<>();
        ModelLatencies latencies = new ModelLatencies(MutableClock.atEpoch(), told::add);
        for (int i = 0; i < ModelLatencies.MIN_SAMPLES; i++) {
            latencies.heard(new LatencySample("m", LatencyKind.TOTAL, 2_000));
        }
        latencies.record("m", LatencyKind.TOTAL, Duration.ofMillis(2_000));

        assertThat(latencies.summary("m", LatencyKind.TOTAL).count()).isEqualTo(ModelLatencies.MIN_SAMPLES + 1);
        assertThat(latencies.percentile("m", LatencyKind.TOTAL, 50).orElseThrow())
                .isBetween(Duration.ofMillis(2_000), Duration.ofMillis(2_020)); // the histogram's precision
        assertThat(told).containsExactly(new LatencySample("m", LatencyKind.TOTAL, 2_000));
    }
}
