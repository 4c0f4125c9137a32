package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.StreamBreak;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.streaming.StreamLimits;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.testing.FaultUpstream.Ending;
import dev.llmproxy.testing.FaultUpstream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static dev.llmproxy.testing.OpenAiBodies.chunk;
import static dev.llmproxy.testing.OpenAiBodies.partialEvents;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class StreamingUpstreamTest {

    private static UpstreamClientFixture upstream;
    private static FaultUpstream fault;
    private static HttpUpstream client;

    @BeforeAll
    static void start() throws Exception {
        open(false);
    }

    /** @param overTls the same tests through the https transport, against the fake upstream over TLS */
    static void open(boolean overTls) throws Exception {
        upstream = new UpstreamClientFixture(name -> Optional.empty(), overTls);
        fault = upstream.fault;
        client = upstream.client;
    }

    @AfterAll
    static void stop() throws Exception {
        upstream.close();
    }

    private final List<StreamEvent> events = new CopyOnWriteArrayList<>();

    private UpstreamReply stream(String model, long firstTokenMs, long idleMs) {
        Provider p = new Provider("fake", ProviderKind.OPENAI, URI.create(fault.baseUrl()), null);
        byte[] body = ("{\"model\":\"" + model + "\",\"stream\":true,\"messages\":[]}").getBytes(StandardCharsets.UTF_8);
        return client.send(new UpstreamCall("r1", p, AllowedModel.of(model, "fake", model), body, Duration.ofSeconds(10),
                (e, v) -> events.add(e), new StreamLimits(Duration.ofMillis(firstTokenMs), Duration.ofMillis(idleMs)))).join();
    }

    private String text() {
        return events.stream().map(StreamEvent::text).reduce("", String::concat);
    }

    @Test
    void completeStreamRelaysContentButNotTheRoleOnlyChunk() {
        fault.on("s-ok", fault.stream(0, 5, Ending.DONE, answerEvents("s-ok", "Hello", " world")));
        UpstreamReply r = stream("s-ok", 2000, 2000);
        UpstreamReply.StreamEnded e = (UpstreamReply.StreamEnded) r;
        assertThat(text()).isEqualTo("Hello world");
        assertThat(events).hasSize(3); // two words and the finish chunk
        assertThat(events.get(2).finish()).isEqualTo(Finish.STOP);
        assertThat(e.usage().completionTokens()).isEqualTo(2);
        assertThat(e.answeredModel()).isEqualTo("s-ok");
    }

    @Test
    void streamEndingWithoutDoneIsFinalisedAtOnce() {
        fault.on("s-nodone", fault.stream(0, 0, Ending.NO_DONE, answerEvents("s-nodone", "a", "b")));
        UpstreamReply r = stream("s-nodone", 2000, 5000);
        // ended by the end of the body: waiting for the idle limit would have made it a broken stream
        assertThat(r).isInstanceOf(UpstreamReply.StreamEnded.class);
        assertThat(text()).isEqualTo("ab");
    }

    @Test
    void cutAfterContentIsABrokenStream() {
        fault.on("s-cut", fault.stream(0, 0, Ending.CUT, partialEvents("s-cut", "one", " two")));
        UpstreamReply.StreamBroken b = (UpstreamReply.StreamBroken) stream("s-cut", 2000, 2000);
        assertThat(b.kind()).isEqualTo(StreamBreak.CUT);
        assertThat(b.events()).isEqualTo(2);
        assertThat(text()).isEqualTo("one two");
    }

    @Test
    void cleanEndWithoutFinishIsACut() {
        fault.on("s-short", fault.stream(0, 0, Ending.NO_DONE, partialEvents("s-short", "half")));
        assertThat(((UpstreamReply.StreamBroken) stream("s-short", 2000, 2000)).kind()).isEqualTo(StreamBreak.CUT);
    }

    @Test
    void silenceMidStreamIsAStallDetectedWithinTheIdleLimit() {
        fault.on("s-stall", fault.stream(0, 0, Ending.STALL, partialEvents("s-stall", "x")));
        int before = fault.hangsAbandonedByClient();
        long t0 = System.nanoTime();
        UpstreamReply.StreamBroken b = (UpstreamReply.StreamBroken) stream("s-stall", 2000, 300);
        long ms = Duration.ofNanos(System.nanoTime() - t0).toMillis();
        assertThat(b.kind()).isEqualTo(StreamBreak.STALL);
        assertThat(ms).isBetween(250L, 1500L);
        await().atMost(Duration.ofSeconds(5)).until(() -> fault.hangsAbandonedByClient() > before);
    }

    @Test
    void headersWithoutContentInTimeAreAFirstTokenTimeout() {
        fault.on("s-slow", fault.stream(1500, 0, Ending.DONE, answerEvents("s-slow", "late")));
        UpstreamReply.Failed f = (UpstreamReply.Failed) stream("s-slow", 300, 2000);
        assertThat(f.kind()).isEqualTo(FailureKind.TIMEOUT);
        assertThat(f.detail()).contains("first token");
        assertThat(events).isEmpty();
    }

    @Test
    void malformedEventIsSkippedAndCounted() {
        fault.on("s-bad", fault.stream(0, 0, Ending.DONE, chunk("s-bad", "good", null), "{not json",
                chunk("s-bad", " end", "stop")));
        UpstreamReply.StreamEnded e = (UpstreamReply.StreamEnded) stream("s-bad", 2000, 2000);
        assertThat(text()).isEqualTo("good end");
        assertThat(e.malformed()).isEqualTo(1);
    }

    @Test
    void errorStatusBeforeContentIsAnOrdinaryReply() {
        fault.on("s-429", FaultUpstream.status(429, java.util.Map.of("Retry-After", "3"), "{\"error\":{}}"));
        UpstreamReply.HttpError e = (UpstreamReply.HttpError) stream("s-429", 2000, 2000);
        assertThat(e.status()).isEqualTo(429);
        assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void errorEventMidStreamBreaksIt() {
        fault.on("s-err", fault.stream(0, 0, Ending.DONE, chunk("s-err", "partial", null),
                "{\"error\":{\"message\":\"provider overloaded\",\"code\":502}}"));
        UpstreamReply.StreamBroken b = (UpstreamReply.StreamBroken) stream("s-err", 2000, 2000);
        assertThat(b.kind()).isEqualTo(StreamBreak.ERROR);
        assertThat(b.detail()).contains("provider overloaded");
    }

    @Test
    void upstreamThatIgnoresStreamTrueIsRelayedAsOneEvent() {
        fault.on("s-plain", FaultUpstream.ok());
        UpstreamReply.StreamEnded e = (UpstreamReply.StreamEnded) stream("s-plain", 2000, 2000);
        assertThat(text()).isEqualTo("answer from s-plain");
        assertThat(e.usage().totalTokens()).isEqualTo(18);
    }
}
