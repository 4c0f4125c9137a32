package dev.llmproxy.infrastructure.upstream.embeddings;

import dev.llmproxy.application.proxy.ChatJson;
import dev.llmproxy.application.proxy.EmbeddingInput;
import dev.llmproxy.domain.config.VectorSpace;
import dev.llmproxy.domain.upstream.UpstreamCall;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.List;

/**
 * What an embeddings call must get back: one vector per input, each as long as asked ({@code dimensions}) or, when
 * not asked, as the model's vector space says, in the encoding asked for. An answer that differs is not relayed: a
 * missing or misshapen vector would corrupt the caller's index as surely as a vector of another model.
 *
 * @param inputs     the inputs, each a string or a list of token ids
 * @param dimensions the length every vector must have
 * @param base64     whether vectors go to the caller as base64 of little-endian float32, not as numbers
 * @param askedDimensions the caller's {@code dimensions}, or null
 */
public record EmbeddingCall(List<JsonValue> inputs, int dimensions, boolean base64, Integer askedDimensions) {

    public static EmbeddingCall of(UpstreamCall call) {
        JsonObject body = ChatJson.of(call.body());
        Integer asked = body.get("dimensions") instanceof JsonNumber n ? n.intValue() : null;
        boolean base64 = body.get("encoding_format") instanceof JsonString f && f.getString().equals("base64");
        int dimensions = asked != null ? asked : VectorSpace.dimensions(call.model().vectorSpace());
        return new EmbeddingCall(EmbeddingInput.inputs(body), dimensions, base64, asked);
    }

    /** Whether every input is text (no token ids), as providers that read only text need. */
    public boolean textOnly() {
        return inputs.stream().allMatch(JsonString.class::isInstance);
    }

    /** The same call, before the proxy encodes: vectors as numbers. */
    EmbeddingCall withFloats() {
        return new EmbeddingCall(inputs, dimensions, false, askedDimensions);
    }

    /** Tokens of the inputs when the provider counts none: token ids as they are, text at four characters each. */
    public int promptTokenEstimate() {
        long n = 0;
        for (JsonValue input : inputs) {
            n += input instanceof JsonString s ? (s.getString().length() + 3) / 4 : input.asJsonArray().size();
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, n));
    }
}
