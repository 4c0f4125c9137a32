package dev.llmproxy.infrastructure.upstream.sim;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.infrastructure.upstream.Timers;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.StreamBreak;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.streaming.StreamLimits;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/** The sim provider streams too, so the embedded default demonstrates streaming and its failure modes. */
class SimUpstreamStreamingTest {

    private final ExecutorService workers = Executors.newFixedThreadPool(2);
    private final Timers timers = new Timers(workers);
    private final SimUpstream sim = new SimUpstream(timers, Clock.systemUTC(), () -> 0.99);
    private final List<StreamEvent> events = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        timers.close();
        workers.shutdownNow();
    }

    private UpstreamReply stream(String behaviour, long firstTokenMs) {
        Provider p = new Provider("sim", ProviderKind.SIM, URI.create("sim://local"), null);
        byte[] body = "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}".getBytes(StandardCharsets.UTF_8);
        return sim.send(new UpstreamCall("r", p, AllowedModel.of("m", "sim", behaviour), body, Duration.ofSeconds(5),
                (e, v) -> events.add(e), new StreamLimits(Duration.ofMillis(firstTokenMs), Duration.ofSeconds(1)))).join();
    }

    @Test
    void healthyModelStreamsItsAnswerWordByWord() {
        UpstreamReply.StreamEnded e = (UpstreamReply.StreamEnded) stream("healthy-0ms", 1000);
        String text = events.stream().map(StreamEvent::text).reduce("", String::concat);
        assertThat(text).startsWith("[simulated answer from m] You said: hi");
        assertThat(events.size()).isGreaterThan(3);
        assertThat(events.get(events.size() - 1).finish()).isEqualTo(Finish.STOP);
        assertThat(e.events()).isEqualTo(events.size());
    }

    @Test
    void cutModelBreaksAfterItsWords() {
        UpstreamReply.StreamBroken b = (UpstreamReply.StreamBroken) stream("cut-after-2", 1000);
        assertThat(b.kind()).isEqualTo(StreamBreak.CUT);
        assertThat(events).hasSize(2);
    }

    @Test
    void slowerThanTheFirstTokenLimitIsATimeout() {
        UpstreamReply.Failed f = (UpstreamReply.Failed) stream("healthy-500ms", 100);
        assertThat(f.kind()).isEqualTo(FailureKind.TIMEOUT);
        assertThat(events).isEmpty();
    }
}
