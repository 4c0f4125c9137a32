package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Where a streamed thinking block ends, in a chat delta: {@code reasoning_details}, the form OpenRouter streams
 * Claude's thinking in to OpenAI-format callers. A signed block's signature comes when the block ends, a redacted
 * block whole. The Messages front door needs both as they come, to give its callers each thinking block as Claude
 * wrote it, signed; chat callers that know the form can keep them too.
 */
public final class ReasoningDetails {

    public static final String FIELD = "reasoning_details";
    private static final String FORMAT = "anthropic-claude-v1";

    private ReasoningDetails() {
    }

    /** A delta that ends thinking block {@code index} with its signature. */
    public static JsonObject signed(String signature, int index) {
        return delta(JsonCodec.object().add("type", "reasoning.text").add("signature", signature)
                .add("format", FORMAT).add("index", index).build());
    }

    /** A delta that is redacted thinking block {@code index}, whole. */
    public static JsonObject redacted(String data, int index) {
        return delta(JsonCodec.object().add("type", "reasoning.encrypted").add("data", data)
                .add("format", FORMAT).add("index", index).build());
    }

    private static JsonObject delta(JsonObject detail) {
        return JsonCodec.object().add(FIELD, JsonCodec.array().add(detail)).build();
    }

    /** The signature a delta ends a thinking block with, or null. */
    public static String signature(JsonObject delta) {
        JsonObject detail = detail(delta, "reasoning.text");
        return detail != null && detail.get("signature") instanceof JsonString s ? s.getString() : null;
    }

    /** The redacted thinking a delta carries, or null. */
    public static String redactedData(JsonObject delta) {
        JsonObject detail = detail(delta, "reasoning.encrypted");
        return detail != null && detail.get("data") instanceof JsonString s ? s.getString() : null;
    }

    /** Whether a delta carries any detail at all. */
    public static boolean present(JsonObject delta) {
        return delta.get(FIELD) instanceof JsonArray details && !details.isEmpty();
    }

    private static JsonObject detail(JsonObject delta, String type) {
        if (delta.get(FIELD) instanceof JsonArray details) {
            for (JsonValue v : details) {
                // only Claude's: another provider's encrypted reasoning is no thinking block Anthropic would take
                if (v instanceof JsonObject d && type.equals(d.getString("type", ""))
                        && FORMAT.equals(d.getString("format", ""))) {
                    return d;
                }
            }
        }
        return null;
    }
}
