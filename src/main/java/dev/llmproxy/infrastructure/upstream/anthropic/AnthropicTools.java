package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CacheMarks;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Function tools as Anthropic's ({@code name}, {@code description}, {@code input_schema}) and {@code tool_choice} as
 * its object ({@code auto}, {@code any} for required, {@code tool} for a named function, {@code none}); a request for
 * JSON ({@code response_format}) becomes an instruction, since the Messages API has no JSON mode.
 */
final class AnthropicTools {

    private AnthropicTools() {
    }

    /** Whether the caller forces a tool call (Anthropic refuses thinking then, so none is asked). */
    static boolean forcesTool(JsonObject chat) {
        JsonValue choice = chat.get("tool_choice");
        return choice instanceof JsonString s ? s.getString().equals("required") : choice instanceof JsonObject;
    }

    /**
     * @param cache whether the tools end with the model's own cache breakpoint; a caller's marks on tools are kept
     *              as set
     */
    static void translate(JsonObject chat, JsonObjectBuilder out, boolean cache) {
        if (chat.get("tools") instanceof JsonArray tools && !tools.isEmpty()) {
            JsonArrayBuilder list = JsonCodec.array();
            for (int i = 0; i < tools.size(); i++) {
                if (tools.get(i) instanceof JsonObject tool && tool.get("function") instanceof JsonObject f) {
                    JsonObjectBuilder b = JsonCodec.object().add("name", f.getString("name", ""));
                    if (f.get("description") instanceof JsonString d) {
                        b.add("description", d);
                    }
                    b.add("input_schema", f.get("parameters") instanceof JsonObject p ? p
                            : JsonCodec.object().add("type", "object").build());
                    CacheMarks.copy(tool, b);
                    if (cache && i == tools.size() - 1) {
                        b.add(CacheMarks.FIELD, AnthropicRequests.EPHEMERAL);
                    }
                    list.add(b);
                }
            }
            out.add("tools", list);
            JsonObjectBuilder choice = choice(chat.get("tool_choice"));
            if (chat.get("parallel_tool_calls") == JsonValue.FALSE) {
                choice.add("disable_parallel_tool_use", true);
            }
            out.add("tool_choice", choice);
        }
    }

    /**
     * A Messages caller's tools and tool choice as it wrote them (every field of a tool, Anthropic's own included),
     * the model's cache breakpoint on the last tool when it caches and the caller set none.
     */
    static void asWritten(JsonObject written, JsonObjectBuilder out, boolean cache) {
        if (!(written.get("tools") instanceof JsonArray tools) || tools.isEmpty()) {
            return;
        }
        JsonArrayBuilder list = JsonCodec.array();
        for (int i = 0; i < tools.size(); i++) {
            list.add(cache && i == tools.size() - 1 ? JsonCodec.object(tools.getJsonObject(i))
                    .add(CacheMarks.FIELD, AnthropicRequests.EPHEMERAL).build() : tools.get(i));
        }
        out.add("tools", list);
        if (written.get("tool_choice") instanceof JsonObject choice) {
            out.add("tool_choice", choice);
        }
    }

    private static JsonObjectBuilder choice(JsonValue choice) {
        if (choice instanceof JsonObject named && named.get("function") instanceof JsonObject f) {
            return JsonCodec.object().add("type", "tool").add("name", f.getString("name", ""));
        }
        String word = choice instanceof JsonString s ? s.getString() : "auto";
        return JsonCodec.object().add("type", switch (word) {
            case "required" -> "any";
            case "none" -> "none";
            default -> "auto";
        });
    }

    /** The instruction that asks for JSON, or null when the caller asked for text. */
    static String jsonInstruction(JsonObject chat) {
        if (!(chat.get("response_format") instanceof JsonObject format)) {
            return null;
        }
        return switch (format.getString("type", "text")) {
            case "json_object" -> "Answer with one JSON object and nothing else.";
            case "json_schema" -> "Answer with one JSON object and nothing else, valid against this JSON schema: "
                    + (format.get("json_schema") instanceof JsonObject s && s.get("schema") instanceof JsonObject schema
                    ? schema.toString() : "{}");
            default -> null;
        };
    }
}
