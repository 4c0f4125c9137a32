package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CacheMarks;
import dev.llmproxy.application.proxy.ChatJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/** A chat conversation's system prompt as Anthropic's {@code system} blocks, apart from its turns. */
final class AnthropicSystem {

    private AnthropicSystem() {
    }

    /**
     * The system and developer messages as Anthropic's system blocks: plain text joined into one block, as one
     * prompt; text parts kept as the caller split them, each with its cache mark.
     */
    static List<JsonObject> blocks(JsonArray messages) {
        List<JsonObject> blocks = new ArrayList<>();
        StringBuilder plain = new StringBuilder();
        for (JsonValue v : messages) {
            if (!(v instanceof JsonObject m) || !is(m)) {
                continue;
            }
            if (m.get("content") instanceof JsonArray parts) {
                flush(plain, blocks);
                for (JsonValue p : parts) {
                    if (p instanceof JsonObject part && part.get("text") instanceof JsonString t && !t.getString().isBlank()) {
                        blocks.add(CacheMarks.copy(part, textBlock(t.getString())).build());
                    }
                }
            } else {
                String text = ChatJson.textOf(m.get("content"));
                if (!text.isBlank()) {
                    plain.append(plain.isEmpty() ? "" : "\n\n").append(text);
                }
            }
        }
        flush(plain, blocks);
        return blocks;
    }

    private static void flush(StringBuilder plain, List<JsonObject> blocks) {
        if (!plain.isEmpty()) {
            blocks.add(textBlock(plain.toString()).build());
            plain.setLength(0);
        }
    }

    static JsonObjectBuilder textBlock(String text) {
        return JsonCodec.object().add("type", "text").add("text", text);
    }

    /** Whether a chat message is one of the system prompt's: a system or developer message. */
    static boolean is(JsonObject m) {
        String role = m.getString("role", "");
        return role.equals("system") || role.equals("developer");
    }
}
