package dev.llmproxy.infrastructure.upstream.openai;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.infrastructure.upstream.RequestBytes;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * Tool-call ids as OpenAI's API takes them: at most 40 characters. Ids other providers mint can be longer (Gemini's
 * carry a thought signature, Claude's the thinking behind the call), and a conversation that moves to an
 * OpenAI-compatible model mid-way must still be accepted: Claude's carried thinking is dropped (the result may name
 * the call by its bare id), and a still longer id becomes a short one derived from it, the same on the call and on
 * its result, so the pairs still match.
 */
final class OpenAiToolIds {

    static final int LONGEST = 40;
    private static final byte[] TOOL_RESULT = "\"tool_call_id\"".getBytes(StandardCharsets.US_ASCII);

    private OpenAiToolIds() {
    }

    /** The body with every over-long tool-call id shortened; the same bytes when there is none (most requests). */
    static byte[] fitted(byte[] body) {
        if (!RequestBytes.contains(body, TOOL_RESULT) || !(JsonCodec.read(body) instanceof JsonObject chat)
                || !(chat.get("messages") instanceof JsonArray messages)) {
            return body;
        }
        boolean changed = false;
        JsonArrayBuilder fitted = JsonCodec.array();
        for (JsonValue v : messages) {
            JsonValue m = v instanceof JsonObject message ? fitted(message) : v;
            changed |= m != v;
            fitted.add(m);
        }
        return changed ? JsonCodec.write(JsonCodec.object(chat).add("messages", fitted).build()) : body;
    }

    private static JsonObject fitted(JsonObject message) {
        if (message.get("tool_call_id") instanceof JsonString id && !fits(id.getString())) {
            return JsonCodec.object(message).add("tool_call_id", fit(id.getString())).build();
        }
        if (!(message.get("tool_calls") instanceof JsonArray calls)
                || calls.stream().allMatch(c -> !(c instanceof JsonObject o) || !(o.get("id") instanceof JsonString s)
                || fits(s.getString()))) {
            return message;
        }
        JsonArrayBuilder fitted = JsonCodec.array();
        for (JsonValue c : calls) {
            fitted.add(c instanceof JsonObject call && call.get("id") instanceof JsonString s && !fits(s.getString())
                    ? JsonCodec.object(call).add("id", fit(s.getString())).build() : c);
        }
        return JsonCodec.object(message).add("tool_calls", fitted).build();
    }

    private static boolean fits(String id) {
        return id.length() <= LONGEST && id.equals(CarriedThinking.bare(id));
    }

    private static String fit(String id) {
        String bare = CarriedThinking.bare(id);
        return bare.length() <= LONGEST ? bare : shortened(bare);
    }

    /** {@code call_} and 35 characters of the id's SHA-256: the same id always gives the same short one. */
    static String shortened(String id) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
            return "call_" + Base64.getUrlEncoder().withoutPadding().encodeToString(digest).substring(0, LONGEST - 5);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
