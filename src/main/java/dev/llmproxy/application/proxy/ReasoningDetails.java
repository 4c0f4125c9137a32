package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.streaming.DeltaParts;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Claude's thinking blocks in the chat form: {@code reasoning_details}, the form OpenRouter gives them to
 * OpenAI-format callers in. A whole answer's message lists every block with its text and signature; a stream ends
 * each signed block with its signature and gives a redacted block whole. The Messages front door needs them to give
 * its callers each thinking block as Claude wrote it, signed; chat callers that know the form can keep them too.
 */
public final class ReasoningDetails {

    public static final String FIELD = "reasoning_details";
    private static final String FORMAT = "anthropic-claude-v1";

    private ReasoningDetails() {
    }

    /** A streamed piece's details: the signature that ends its thinking block, or a redacted block, whole. */
    public static JsonArray streamed(DeltaParts parts) {
        JsonArrayBuilder details = JsonCodec.array();
        if (parts.thinkingSignature() != null) {
            details.add(JsonCodec.object().add("type", "reasoning.text").add("signature", parts.thinkingSignature())
                    .add("format", FORMAT).add("index", parts.thinkingBlock()));
        }
        if (parts.redactedThinking() != null) {
            details.add(JsonCodec.object().add("type", "reasoning.encrypted").add("data", parts.redactedThinking())
                    .add("format", FORMAT).add("index", parts.thinkingBlock()));
        }
        return details.build();
    }

    /** Claude's thinking blocks of a whole answer, each with its text and signature, or redacted and whole. */
    public static JsonArray of(JsonArray thinkingBlocks) {
        JsonArrayBuilder details = JsonCodec.array();
        for (int i = 0; i < thinkingBlocks.size(); i++) {
            JsonObject block = thinkingBlocks.getJsonObject(i);
            details.add("redacted_thinking".equals(block.getString("type", ""))
                    ? JsonCodec.object().add("type", "reasoning.encrypted").add("data", block.getString("data", ""))
                    .add("format", FORMAT).add("index", i)
                    : JsonCodec.object().add("type", "reasoning.text").add("text", block.getString("thinking", ""))
                    .add("signature", block.getString("signature", "")).add("format", FORMAT).add("index", i));
        }
        return details.build();
    }

    /** The thinking blocks a whole answer's message carries as Claude wrote them; empty when it carries none. */
    public static JsonArray blocks(JsonObject message) {
        JsonArrayBuilder blocks = JsonCodec.array();
        if (message.get(FIELD) instanceof JsonArray details) {
            for (JsonValue v : details) {
                if (!(v instanceof JsonObject d) || !FORMAT.equals(d.getString("format", ""))) {
                    continue;
                }
                if ("reasoning.encrypted".equals(d.getString("type", "")) && d.get("data") instanceof JsonString data) {
                    blocks.add(JsonCodec.object().add("type", "redacted_thinking").add("data", data));
                } else if ("reasoning.text".equals(d.getString("type", ""))
                        && d.get("signature") instanceof JsonString signature) {
                    blocks.add(JsonCodec.object().add("type", "thinking").add("thinking", d.getString("text", ""))
                            .add("signature", signature));
                }
            }
        }
        return blocks.build();
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
