package dev.llmproxy.infrastructure.upstream.vertex;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.infrastructure.upstream.ChunkTexts;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.streaming.StreamLimits;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import dev.llmproxy.testing.RecordedBodies;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Vertex AI's addresses per publisher, its token, and answers read as each maker's own API writes them. */
class VertexWireTest {

    private static final String BASE = "https://us-east5-aiplatform.googleapis.com/v1/projects/p1/locations/us-east5";
    private final VertexWire wire = new VertexWire(Clock.systemUTC());

    private static UpstreamCall call(String upstreamModel, boolean stream) {
        String chat = "{\"model\":\"m\",\"stream\":" + stream + ",\"messages\":[{\"role\":\"system\",\"content\":\"Be brief.\"},"
                + "{\"role\":\"user\",\"content\":\"Hi\"}],\"max_tokens\":100}";
        return new UpstreamCall("req-1", new Provider("vertex", ProviderKind.VERTEX, URI.create(BASE), "K"),
                AllowedModel.of("m", "vertex", upstreamModel), chat.getBytes(StandardCharsets.UTF_8),
                Duration.ofSeconds(5), stream ? (event, valve) -> { } : null,
                stream ? new StreamLimits(Duration.ofSeconds(5), Duration.ofSeconds(5)) : null);
    }

    private static JsonObject body(OutboundRequest request) {
        return (JsonObject) JsonCodec.read(request.body());
    }

    @Test
    void geminiIsAskedAtGooglesPublisherInGeminisFormatWithTheToken() {
        OutboundRequest whole = wire.request(call("gemini-2.5-flash", false), "tok-1");
        assertThat(whole.uri().toString()).isEqualTo(BASE + "/publishers/google/models/gemini-2.5-flash:generateContent");
        assertThat(whole.headers()).contains(new OutboundRequest.Header("Authorization", "Bearer tok-1"))
                .noneMatch(h -> h.name().equals("x-goog-api-key"));
        assertThat(body(whole).getJsonObject("systemInstruction")).isNotNull();
        assertThat(body(whole).getJsonArray("contents").getJsonObject(0).getString("role")).isEqualTo("user");
        OutboundRequest streamed = wire.request(call("gemini-2.5-flash", true), "tok-1");
        assertThat(streamed.uri().toString())
                .isEqualTo(BASE + "/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
    }

    @Test
    void claudeIsAskedAtAnthropicsPublisherWithoutTheModelInTheBodyAndWithVertexsVersion() {
        OutboundRequest whole = wire.request(call("claude-sonnet-4-5@20250929", false), "tok-1");
        assertThat(whole.uri().toString())
                .isEqualTo(BASE + "/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict");
        JsonObject body = body(whole);
        assertThat(body.containsKey("model")).isFalse();
        assertThat(body.getString("anthropic_version")).isEqualTo("vertex-2023-10-16");
        assertThat(body.getString("system")).isEqualTo("Be brief.");
        assertThat(body.getInt("max_tokens")).isEqualTo(100);
        assertThat(whole.headers()).contains(new OutboundRequest.Header("Authorization", "Bearer tok-1"))
                .noneMatch(h -> h.name().equals("x-api-key") || h.name().equals("anthropic-version"));
        OutboundRequest streamed = wire.request(call("claude-sonnet-4-5@20250929", true), "tok-1");
        assertThat(streamed.uri().toString())
                .isEqualTo(BASE + "/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict");
        assertThat(body(streamed).getBoolean("stream")).isTrue();
    }

    @Test
    void answersAndStreamsReadAsTheMakersOwn() {
        UpstreamReply claude = wire.answer(call("claude-sonnet-4-5@20250929", false),
                RecordedBodies.body("anthropic", "answer-thinking-tool.json").getBytes(StandardCharsets.UTF_8));
        assertThat(claude).isInstanceOfSatisfying(UpstreamReply.Completed.class,
                c -> assertThat(c.finish()).isEqualTo(Finish.TOOL_CALLS));
        UpstreamReply gemini = wire.answer(call("gemini-2.5-flash", false),
                RecordedBodies.body("gemini", "answer-thinking.json").getBytes(StandardCharsets.UTF_8));
        assertThat(gemini).isInstanceOfSatisfying(UpstreamReply.Completed.class,
                c -> assertThat(c.finish()).isEqualTo(Finish.STOP));
        List<String> chunks = new ArrayList<>();
        var events = wire.events(call("claude-sonnet-4-5@20250929", true));
        for (String event : RecordedBodies.events("anthropic", "stream-text.sse")) {
            events.translate(event, ChunkTexts.into(chunks::add));
        }
        assertThat(String.join("", chunks)).contains("Hello").contains("\"finish_reason\":\"stop\"");
    }

    @Test
    void googlesQuotaAnswerForClaudeIsARateLimitAndNoWordOfItIsTheStatus() {
        for (String[] c : new String[][] {{"claude-sonnet-4-5@20250929", "error-429-claude-quota.json"},
                {"gemini-2.5-flash", "error-429-gemini.json"}}) {
            UpstreamReply.HttpError error = wire.error(call(c[0], false), new ResponseHead(429, Map.of()),
                    RecordedBodies.body("vertex", c[1]).getBytes(StandardCharsets.UTF_8), Clock.systemUTC());
            assertThat(error.status()).isEqualTo(429);
        }
        UpstreamReply.HttpError unauthenticated = wire.error(call("gemini-2.5-flash", false),
                new ResponseHead(401, Map.of()),
                RecordedBodies.body("vertex", "error-401-token.json").getBytes(StandardCharsets.UTF_8), Clock.systemUTC());
        assertThat(unauthenticated.status()).isEqualTo(401);
    }
}
