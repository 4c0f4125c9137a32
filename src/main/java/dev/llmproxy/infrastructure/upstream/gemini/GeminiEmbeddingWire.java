package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.EmbeddingWire;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import dev.llmproxy.infrastructure.upstream.embeddings.EmbeddingCall;
import dev.llmproxy.infrastructure.upstream.embeddings.EmbeddingReplies;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Embeddings through {@code {base}/models/{model}:batchEmbedContents}: one request per input, in order,
 * {@code dimensions} as {@code outputDimensionality}; the answer's {@code embeddings[].values} become OpenAI's
 * {@code data}. Gemini takes text only: token ids have no meaning to it, so such a call is refused before it is made.
 */
public final class GeminiEmbeddingWire implements EmbeddingWire {

    private final Clock clock;
    private final ConcurrentMap<String, URI> endpoints = new ConcurrentHashMap<>();

    public GeminiEmbeddingWire(Clock clock) {
        this.clock = clock;
    }

    @Override
    public UpstreamReply unsendable(UpstreamCall call) {
        return EmbeddingCall.of(call).textOnly() ? null
                : HttpReplies.httpError(call, 400, null, "proxy: Gemini embeds text only, not token ids");
    }

    @Override
    public OutboundRequest request(UpstreamCall call, String apiKey) {
        String model = GeminiThinking.bare(call.model().upstreamModel());
        String base = call.provider().baseUrl().toString();
        URI uri = endpoints.computeIfAbsent(base + "|" + model,
                k -> URI.create(base + "/models/" + model + ":batchEmbedContents"));
        return new OutboundRequest(uri, GeminiWire.headers(apiKey, false), JsonCodec.write(batch(call, model)));
    }

    @Override
    public UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        return GeminiErrors.read(call, head.status(), body, clock);
    }

    /** The batch request; every input is text ({@link #unsendable} refuses token ids first). */
    private static JsonObject batch(UpstreamCall call, String model) {
        EmbeddingCall embedding = EmbeddingCall.of(call);
        JsonArrayBuilder requests = JsonCodec.array();
        for (JsonValue input : embedding.inputs()) {
            JsonString text = (JsonString) input;
            JsonObjectBuilder one = JsonCodec.object().add("model", "models/" + model)
                    .add("content", JsonCodec.object().add("parts", JsonCodec.array()
                            .add(JsonCodec.object().add("text", text.getString()))));
            if (embedding.askedDimensions() != null) {
                one.add("outputDimensionality", embedding.askedDimensions());
            }
            requests.add(one);
        }
        return JsonCodec.object().add("requests", requests).build();
    }

    @Override
    public UpstreamReply answer(UpstreamCall call, byte[] body) {
        return GeminiErrors.answered(call, body, clock, root -> vectors(call, root));
    }

    private static UpstreamReply vectors(UpstreamCall call, JsonObject root) {
        if (!(root.get("embeddings") instanceof JsonArray embeddings)) {
            return malformed("no embeddings");
        }
        List<JsonArray> vectors = new ArrayList<>();
        for (int i = 0; i < embeddings.size(); i++) {
            if (!(embeddings.get(i) instanceof JsonObject e) || !(e.get("values") instanceof JsonArray values)) {
                return malformed("embeddings[" + i + "] has no values");
            }
            vectors.add(values);
        }
        Integer prompt = root.get("usageMetadata") instanceof JsonObject u
                && u.get("promptTokenCount") instanceof JsonNumber n ? n.intValue() : null;
        return EmbeddingReplies.built(call, vectors, prompt);
    }

    private static UpstreamReply malformed(String detail) {
        return AnswerBody.malformed(detail);
    }
}
