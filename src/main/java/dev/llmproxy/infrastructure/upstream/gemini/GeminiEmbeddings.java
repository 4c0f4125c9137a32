package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import dev.llmproxy.infrastructure.upstream.embeddings.EmbeddingCall;
import dev.llmproxy.infrastructure.upstream.embeddings.EmbeddingReplies;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Embeddings through {@code :batchEmbedContents}: one request per input, in order, {@code dimensions} as
 * {@code outputDimensionality}; the answer's {@code embeddings[].values} become OpenAI's {@code data}. Gemini takes
 * text only: token ids have no meaning to it, so such a call is refused before it is made.
 */
final class GeminiEmbeddings {

    private GeminiEmbeddings() {
    }

    /** The batch request; every input is text ({@link GeminiWire#unsendable} refuses token ids first). */
    static JsonObject translate(UpstreamCall call, String model) {
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

    static UpstreamReply answer(UpstreamCall call, byte[] body, Clock clock) {
        JsonObject root = AnswerBody.object(body);
        if (root == null) {
            return AnswerBody.unreadable(body);
        }
        UpstreamReply.HttpError inBand = GeminiErrors.inBody(call, root, body, clock);
        if (inBand != null) {
            return inBand;
        }
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
