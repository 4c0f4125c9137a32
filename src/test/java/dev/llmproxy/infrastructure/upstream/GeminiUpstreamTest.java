package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.proxy.ChatAnswers;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.failure.StreamBreak;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.streaming.StreamLimits;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.gemini.GeminiWire;
import dev.llmproxy.infrastructure.upstream.http.NioHttpTransport;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import dev.llmproxy.testing.GeminiBodies;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/** The upstream client speaking Gemini's own API over a real socket: the path, the key, and both directions. */
class GeminiUpstreamTest {

    private static final ExecutorService WORKERS = Executors.newFixedThreadPool(4);
    private static final Timers TIMERS = new Timers(WORKERS);
    private static NioHttpTransport transport;
    private static FaultUpstream fault;
    private static HttpUpstream client;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        transport = new NioHttpTransport("gemini-test-io");
        client = new HttpUpstream(new GeminiWire(Clock.systemUTC()), transport, transport, WORKERS, TIMERS,
                Clock.systemUTC(), Credentials.secrets(name -> Optional.of("gemini-secret-key")));
    }

    @AfterAll
    static void stop() throws Exception {
        transport.close();
        fault.close();
        TIMERS.close();
        WORKERS.shutdownNow();
    }

    private final List<StreamEvent> events = new CopyOnWriteArrayList<>();

    private static UpstreamCall call(String model, boolean stream, List<StreamEvent> sink) {
        Provider p = new Provider("google", ProviderKind.GEMINI, URI.create("http://127.0.0.1:" + fault.port() + "/v1beta"),
                "GEMINI_API_KEY");
        byte[] body = ("{\"model\":\"" + model + "\",\"stream\":" + stream + ",\"stream_options\":{\"include_usage\":true},"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Explain Occam's razor\"}],\"max_tokens\":300,"
                + "\"reasoning_effort\":\"low\"}").getBytes(StandardCharsets.UTF_8);
        AllowedModel m = AllowedModel.of("alias", "google", model);
        return stream ? new UpstreamCall("r1", p, m, body, Duration.ofSeconds(10), (e, v) -> sink.add(e),
                new StreamLimits(Duration.ofSeconds(5), Duration.ofSeconds(5)))
                : new UpstreamCall("r1", p, m, body, Duration.ofSeconds(10));
    }

    @Test
    void aWholeAnswerIsAskedForInGeminisFormAndReadBackInOpenAis() {
        fault.on("gemini-2.5-flash", FaultUpstream.status(200, GeminiBodies.body("answer-thinking.json")));
        UpstreamReply.Completed c = (UpstreamReply.Completed) client.send(call("gemini-2.5-flash", false, events)).join();

        assertThat(fault.lastTarget("gemini-2.5-flash")).isEqualTo("/v1beta/models/gemini-2.5-flash:generateContent");
        assertThat(fault.authorizations("gemini-2.5-flash")).containsExactly("gemini-secret-key");
        JsonObject sent = (JsonObject) JsonCodec.read(fault.lastBody("gemini-2.5-flash"));
        assertThat(sent.keySet()).containsExactlyInAnyOrder("contents", "generationConfig");
        assertThat(sent.getJsonObject("generationConfig").getInt("maxOutputTokens")).isEqualTo(300 + 1024);
        assertThat(c.usage()).isEqualTo(new TokenUsage(14, 900, 914, 852));
        assertThat(new String(ChatAnswers.body(c), StandardCharsets.UTF_8)).contains("\"reasoning_content\"");
    }

    @Test
    void aStreamWithCrlfEventsEndsWithItsFinishReasonAndNoDone() {
        fault.on("gemini-2.5-flash-lite", fault.streamCrlf(0, 5, Ending.NO_DONE, GeminiBodies.events("stream-thinking.sse")));
        UpstreamReply.StreamEnded e = (UpstreamReply.StreamEnded) client.send(call("gemini-2.5-flash-lite", true, events)).join();

        assertThat(fault.lastTarget("gemini-2.5-flash-lite"))
                .isEqualTo("/v1beta/models/gemini-2.5-flash-lite:streamGenerateContent?alt=sse");
        assertThat(events.stream().map(StreamEvent::text).reduce("", String::concat))
                .isEqualTo("Carol lives in the blue house with the dog.");
        assertThat(e.finish()).isEqualTo(Finish.STOP);
        assertThat(e.usage()).isEqualTo(new TokenUsage(61, 1061, 1122, 1034));
    }

    @Test
    void aStreamThatEndsWithoutAFinishReasonWasCut() {
        String[] all = GeminiBodies.events("stream-thinking.sse");
        fault.on("gemini-3-flash-preview", fault.stream(0, 0, Ending.NO_DONE, all[0], all[1]));
        UpstreamReply.StreamBroken b = (UpstreamReply.StreamBroken) client.send(call("gemini-3-flash-preview", true, events)).join();
        assertThat(b.kind()).isEqualTo(StreamBreak.CUT);
    }

    @Test
    void anErrorEventAfterContentBreaksTheStream() {
        fault.on("gemini-3.5-flash", fault.stream(0, 0, Ending.NO_DONE, GeminiBodies.events("stream-mid-error.sse")));
        UpstreamReply.StreamBroken b = (UpstreamReply.StreamBroken) client.send(call("gemini-3.5-flash", true, events)).join();
        assertThat(b.kind()).isEqualTo(StreamBreak.ERROR);
        assertThat(b.detail()).contains("high demand");
    }

    @Test
    void aRateLimitBeforeTheStreamCarriesItsDelayFromTheBody() {
        fault.on("gemini-2.5-pro", FaultUpstream.status(429, GeminiBodies.body("error-429-per-minute.json")));
        UpstreamReply.HttpError e = (UpstreamReply.HttpError) client.send(call("gemini-2.5-pro", true, events)).join();
        assertThat(e.status()).isEqualTo(429);
        assertThat(e.retryAfter()).isEqualTo(Duration.ofMillis(2838));
    }
}
