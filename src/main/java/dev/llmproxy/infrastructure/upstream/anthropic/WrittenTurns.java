package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CarriedThinking;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/**
 * A Messages caller's turns as it wrote them, for Claude: every block and every field of it as sent (documents and
 * their citations, images in a tool's result, a result's {@code is_error}, whatever Anthropic adds), with only what
 * the proxy decides applied, as for a conversation in chat's form: thinking goes back only when the request thinks,
 * and only thinking Claude signed (another model's thoughts cannot be checked); tool ids in Anthropic's alphabet; no
 * blank text, which Anthropic refuses; a final assistant turn (a prefill) without trailing whitespace.
 */
final class WrittenTurns {

    private WrittenTurns() {
    }

    /** @param messages the caller's turns, as its door checked them */
    static JsonArray of(JsonArray messages, boolean thinking) {
        JsonArrayBuilder out = JsonCodec.array();
        for (int i = 0; i < messages.size(); i++) {
            JsonObject turn = messages.getJsonObject(i);
            boolean prefill = i == messages.size() - 1 && "assistant".equals(turn.getString("role"));
            JsonValue content = turn.get("content");
            if (content instanceof JsonString text) {
                if (text.getString().isBlank() && !prefill) {
                    continue; // Anthropic refuses an empty turn anywhere but last, as chat's form leaves it out
                }
                out.add(prefill ? JsonCodec.object(turn).add("content", text.getString().stripTrailing()).build()
                        : turn);
                continue;
            }
            List<JsonObject> blocks = new ArrayList<>();
            for (JsonValue v : (JsonArray) content) {
                JsonObject block = kept((JsonObject) v, thinking);
                if (block != null) {
                    blocks.add(block);
                }
            }
            if (blocks.isEmpty()) {
                continue; // a turn of thoughts alone, not sent back: Anthropic joins the turns on either side
            }
            JsonArrayBuilder sent = JsonCodec.array();
            (prefill ? AnthropicTurns.withoutTrailingWhitespace(blocks) : blocks).forEach(sent::add);
            out.add(JsonCodec.object(turn).add("content", sent));
        }
        return out.build();
    }

    /** A block as it goes to Claude; null when it does not go. */
    private static JsonObject kept(JsonObject block, boolean thinking) {
        return switch (block.getString("type")) {
            case "thinking", "redacted_thinking" -> thinking && CarriedThinking.sentBack(block) ? block : null;
            case "text" -> block.get("text") instanceof JsonString t && t.getString().isBlank() ? null : block;
            case "tool_use" -> renamed(block, "id");
            case "tool_result" -> renamed(block, "tool_use_id");
            default -> block;
        };
    }

    private static JsonObject renamed(JsonObject block, String field) {
        String id = block.getString(field);
        String sent = AnthropicIds.toAnthropic(id);
        return sent.equals(id) ? block : JsonCodec.object(block).add(field, sent).build();
    }
}
