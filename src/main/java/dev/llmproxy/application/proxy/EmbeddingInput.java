package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.FrontDoor;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/**
 * An OpenAI embeddings request ({@code POST /v1/embeddings}), checked as OpenAI checks it: {@code input} is a string,
 * a list of strings, a list of token ids or a list of such lists, never empty; {@code dimensions} a positive whole
 * number; {@code encoding_format} float or base64. Fields it does not interpret are forwarded as they
 * came; others are refused ({@link ForwardedFields#EMBEDDINGS}).
 */
public final class EmbeddingInput {

    /** OpenAI's own limit on inputs per request; a provider would refuse more, after the caller had paid a hop. */
    public static final int MAX_INPUTS = 2048;

    private EmbeddingInput() {
    }

    public static ChatRequest parse(byte[] bytes) {
        JsonObject body = CallerBody.object(bytes);
        if (!(body.get("model") instanceof JsonString model) || model.getString().isBlank()) {
            throw bad("model", "'model' is required: an embedding tier or an allowlisted embedding model.");
        }
        List<JsonValue> inputs = inputs(body.get("input"));
        for (int i = 0; i < inputs.size(); i++) {
            checkInput(inputs.get(i), inputs.size() == 1 && body.get("input") instanceof JsonString ? "input"
                    : "input[" + i + "]");
        }
        JsonValue dimensions = body.get("dimensions");
        if (present(dimensions) && !(dimensions instanceof JsonNumber n && n.isIntegral() && n.longValue() > 0
                && n.longValue() <= 100_000)) {
            throw bad("dimensions", "'dimensions' must be a positive whole number.");
        }
        JsonValue format = body.get("encoding_format");
        if (present(format) && !(format instanceof JsonString f
                && (f.getString().equals("float") || f.getString().equals("base64")))) {
            throw bad("encoding_format", "'encoding_format' must be float or base64.");
        }
        JsonValue stream = body.get("stream");
        if (stream == JsonValue.TRUE) {
            throw bad("stream", "Embeddings are answered in one piece; 'stream' is not supported.");
        }
        ForwardedFields.EMBEDDINGS.check(body);
        return new ChatRequest(body, model.getString(), false, FrontDoor.EMBEDDINGS, Operation.EMBEDDINGS);
    }

    /** The inputs one by one: each a string or a list of token ids. The body must have passed {@link #parse}. */
    public static List<JsonValue> inputs(JsonObject body) {
        return inputs(body.get("input"));
    }

    /** The characters of all text inputs (token ids count one each): the prompt's size as the caller sent it. */
    static long chars(JsonObject body) {
        long n = 0;
        for (JsonValue input : inputs(body)) {
            n += input instanceof JsonString s ? s.getString().length() : ((JsonArray) input).size();
        }
        return n;
    }

    /** Tokens reserved before the call: token ids as they are, text at one per two characters (as chat). */
    static long tokenEstimate(JsonObject body) {
        long n = 0;
        for (JsonValue input : inputs(body)) {
            n += input instanceof JsonString s ? (s.getString().length() + 1) / 2 : ((JsonArray) input).size();
        }
        return n;
    }

    /** The first text input, for the request log. */
    static String firstText(JsonObject body) {
        for (JsonValue input : inputs(body)) {
            if (input instanceof JsonString s) {
                return s.getString();
            }
        }
        return null;
    }

    private static List<JsonValue> inputs(JsonValue input) {
        if (input instanceof JsonString) {
            return List.of(input);
        }
        if (!(input instanceof JsonArray list) || list.isEmpty()) {
            throw bad("input", "'input' is required: a string, a list of strings, or token ids.");
        }
        if (list.get(0) instanceof JsonNumber) {
            return List.of(input); // one input given as token ids
        }
        if (list.size() > MAX_INPUTS) {
            throw bad("input", "'input' has " + list.size() + " items; the limit is " + MAX_INPUTS + ".");
        }
        return new ArrayList<>(list);
    }

    private static void checkInput(JsonValue input, String at) {
        if (input instanceof JsonString s) {
            if (s.getString().isEmpty()) {
                throw bad(at, "'" + at + "' must not be empty.");
            }
            return;
        }
        if (!(input instanceof JsonArray tokens) || tokens.isEmpty()) {
            throw bad(at, "'" + at + "' must be a non-empty string or a non-empty list of token ids.");
        }
        for (JsonValue t : tokens) {
            if (!(t instanceof JsonNumber n && n.isIntegral() && n.longValue() >= 0 && n.longValue() <= Integer.MAX_VALUE)) {
                throw bad(at, "'" + at + "' must hold token ids: whole numbers from 0.");
            }
        }
    }

    private static boolean present(JsonValue v) {
        return v != null && v.getValueType() != JsonValue.ValueType.NULL;
    }

    private static ProxyException bad(String param, String message) {
        return new ProxyException(new ProxyError(ErrorKind.BAD_REQUEST, message, param, null));
    }
}
