package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Embeddings through {@code :batchEmbedContents}, and back in OpenAI's shape. */
class GeminiEmbeddingsTest {

    private static final AllowedModel MODEL = new AllowedModel("gem", "google", "gemini-embedding-001", null, true,
            true, null, null, false, null, null, null, null, null, null, "gemini-embedding-001@3");
    private final GeminiEmbeddingWire wire = new GeminiEmbeddingWire(Clock.systemUTC());

    private static UpstreamCall call(String request) {
        return new UpstreamCall("req-1", GeminiCalls.GEMINI, MODEL,
                request.replace('\'', '"').getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(5));
    }

    @Test
    void eachInputIsOneRequestOfTheBatch() {
        OutboundRequest r = wire.request(call("{'model':'gemini-embedding-001','input':['one','two'],"
                + "'dimensions':3}"), "k");
        assertThat(r.uri().toString()).isEqualTo("http://127.0.0.1:1/v1beta/models/gemini-embedding-001:batchEmbedContents");
        JsonObject sent = (JsonObject) JsonCodec.read(r.body());
        assertThat(sent.getJsonArray("requests")).hasSize(2);
        JsonObject second = sent.getJsonArray("requests").getJsonObject(1);
        assertThat(second.getString("model")).isEqualTo("models/gemini-embedding-001");
        assertThat(second.getJsonObject("content").getJsonArray("parts").getJsonObject(0).getString("text"))
                .isEqualTo("two");
        assertThat(second.getInt("outputDimensionality")).isEqualTo(3);
        assertThat(r.headers()).anySatisfy(h -> assertThat(h.name()).isEqualTo("x-goog-api-key"));
    }

    @Test
    void tokenIdsAreNotSent() {
        UpstreamReply refused = wire.unsendable(call("{'model':'g','input':[[1,2]]}"));
        assertThat(refused).isInstanceOfSatisfying(UpstreamReply.HttpError.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.bodyExcerpt()).contains("token ids");
        });
        assertThat(wire.unsendable(call("{'model':'g','input':'text'}"))).isNull();
    }

    @Test
    void theAnswerBecomesOpenAisDataWithUsageWhereGeminiCountedIt() {
        UpstreamCall call = call("{'model':'g','input':['one','two'],'encoding_format':'float'}");
        byte[] answer = "{\"embeddings\":[{\"values\":[0.1,0.2,0.3]},{\"values\":[1,2,3]}],\"usageMetadata\":{\"promptTokenCount\":4}}"
                .getBytes(StandardCharsets.UTF_8);
        UpstreamReply.Completed c = (UpstreamReply.Completed) wire.answer(call, answer);
        JsonObject body = (JsonObject) JsonCodec.read(c.vectors().json());
        assertThat(body.getString("object")).isEqualTo("list");
        assertThat(body.getJsonArray("data").getJsonObject(1).getInt("index")).isEqualTo(1);
        assertThat(body.getJsonArray("data").getJsonObject(1).getJsonArray("embedding")).hasSize(3);
        assertThat(c.usage().promptTokens()).isEqualTo(4);
    }

    @Test
    void anErrorInABodyOrAShortAnswerIsNotVectors() {
        UpstreamCall call = call("{'model':'g','input':['one','two']}");
        assertThat(wire.answer(call, "{\"error\":{\"code\":429,\"status\":\"RESOURCE_EXHAUSTED\"}}"
                .getBytes(StandardCharsets.UTF_8))).isInstanceOfSatisfying(UpstreamReply.HttpError.class,
                e -> assertThat(e.status()).isEqualTo(429));
        assertThat(wire.answer(call, "{\"embeddings\":[{\"values\":[1,2,3]}]}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(UpstreamReply.Failed.class);
        assertThat(wire.answer(call, "{\"candidates\":[]}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(UpstreamReply.Failed.class);
    }
}
