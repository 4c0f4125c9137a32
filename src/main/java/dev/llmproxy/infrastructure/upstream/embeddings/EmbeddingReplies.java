package dev.llmproxy.infrastructure.upstream.embeddings;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.answer.Vectors;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Embeddings answers in OpenAI's shape ({@code {"object":"list","data":[{"object":"embedding","index":0,
 * "embedding":[...]}],"model":...,"usage":{...}}}): checked when a provider sent them, built when the proxy
 * translated them. Either way the caller gets exactly one vector per input, each of the expected length, or the
 * attempt is malformed and the chain moves on.
 */
public final class EmbeddingReplies {

    private EmbeddingReplies() {
    }

    /** A provider's OpenAI-shaped answer, checked; the model and usage are filled in where it left them out. */
    public static UpstreamReply checked(UpstreamCall call, byte[] body) {
        EmbeddingCall expected = EmbeddingCall.of(call);
        JsonObject root = AnswerBody.object(body);
        if (root == null) {
            return AnswerBody.unreadable(body);
        }
        UpstreamReply inBand = AnswerBody.inBandError(root, "data");
        if (inBand != null) {
            return inBand;
        }
        if (!(root.get("data") instanceof JsonArray data)) {
            return malformed("no data");
        }
        List<JsonValue> vectors = new ArrayList<>();
        for (int i = 0; i < data.size(); i++) {
            JsonValue v = data.get(i) instanceof JsonObject item ? item.get("embedding") : null;
            if (v == null) {
                return malformed("data[" + i + "] has no embedding");
            }
            int index = data.getJsonObject(i).get("index") instanceof JsonNumber n ? n.intValue() : i;
            if (index != i) {
                return malformed("data[" + i + "] has index " + index); // vectors out of order would be mismatched
            }
            vectors.add(v);
        }
        String problem = problem(vectors, expected);
        if (problem != null) {
            return malformed(problem);
        }
        Integer prompt = root.get("usage") instanceof JsonObject u && u.get("prompt_tokens") instanceof JsonNumber n
                ? n.intValue() : null;
        String model = root.get("model") instanceof JsonString m && !m.getString().isBlank() ? m.getString()
                : call.model().upstreamModel();
        if (prompt != null && root.get("model") instanceof JsonString) {
            return new UpstreamReply.Completed(new Vectors(body), model, null, usage(prompt));
        }
        int tokens = prompt != null ? prompt : expected.promptTokenEstimate();
        JsonObject filled = JsonCodec.object(root).add("model", model).add("usage", usageJson(tokens)).build();
        return new UpstreamReply.Completed(new Vectors(JsonCodec.write(filled)), model, null, usage(tokens));
    }

    /**
     * An answer the proxy translated: {@code vectors} as lists of numbers, encoded as the caller asked.
     *
     * @param promptTokens what the provider counted, or null to estimate
     */
    public static UpstreamReply built(UpstreamCall call, List<JsonArray> vectors, Integer promptTokens) {
        EmbeddingCall expected = EmbeddingCall.of(call);
        String problem = problem(new ArrayList<>(vectors), expected.withFloats());
        if (problem != null) {
            return malformed(problem);
        }
        JsonArrayBuilder data = JsonCodec.array();
        for (int i = 0; i < vectors.size(); i++) {
            data.add(JsonCodec.object().add("object", "embedding").add("index", i)
                    .add("embedding", expected.base64() ? JsonCodec.value(base64(vectors.get(i))) : vectors.get(i)));
        }
        int tokens = promptTokens != null ? promptTokens : expected.promptTokenEstimate();
        String model = call.model().upstreamModel();
        JsonObject body = JsonCodec.object().add("object", "list").add("data", data).add("model", model)
                .add("usage", usageJson(tokens)).build();
        return new UpstreamReply.Completed(new Vectors(JsonCodec.write(body)), model, null, usage(tokens));
    }

    /** Why these vectors are not what the call must get back, or null when they are. */
    private static String problem(List<JsonValue> vectors, EmbeddingCall expected) {
        if (vectors.size() != expected.inputs().size()) {
            return vectors.size() + " vectors for " + expected.inputs().size() + " inputs";
        }
        for (int i = 0; i < vectors.size(); i++) {
            int length;
            JsonValue v = vectors.get(i);
            if (v instanceof JsonArray numbers && !expected.base64()) {
                if (!numbers.stream().allMatch(JsonNumber.class::isInstance)) {
                    return "vector " + i + " holds something other than numbers";
                }
                length = numbers.size();
            } else if (v instanceof JsonString s && expected.base64()) {
                byte[] bytes;
                try {
                    bytes = Base64.getDecoder().decode(s.getString());
                } catch (IllegalArgumentException e) {
                    return "vector " + i + " is not base64";
                }
                if (bytes.length % Float.BYTES != 0) {
                    return "vector " + i + " is not whole float32 values";
                }
                length = bytes.length / Float.BYTES;
            } else {
                return "vector " + i + " is not in the encoding asked for";
            }
            if (length != expected.dimensions()) {
                return "vector " + i + " has " + length + " dimensions; expected " + expected.dimensions();
            }
        }
        return null;
    }

    /** Little-endian float32, as OpenAI encodes {@code encoding_format: base64}. */
    static String base64(JsonArray numbers) {
        ByteBuffer buffer = ByteBuffer.allocate(numbers.size() * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (JsonValue n : numbers) {
            buffer.putFloat((float) ((JsonNumber) n).doubleValue());
        }
        return Base64.getEncoder().encodeToString(buffer.array());
    }

    private static JsonObject usageJson(int promptTokens) {
        return JsonCodec.object().add("prompt_tokens", promptTokens).add("total_tokens", promptTokens).build();
    }

    private static TokenUsage usage(int promptTokens) {
        return new TokenUsage(promptTokens, 0, promptTokens);
    }

    private static UpstreamReply malformed(String detail) {
        return AnswerBody.malformed(detail);
    }
}
