package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CacheMarks;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Anthropic's {@code tools} and {@code tool_choice} as OpenAI function tools. Only tools the caller runs (a name and
 * an {@code input_schema}) can be served by every model of a chain; Anthropic's server tools (web search, code
 * execution...) are refused by name.
 */
final class MessagesTools {

    private MessagesTools() {
    }

    static void translate(JsonObject in, JsonObjectBuilder chat) {
        JsonValue tools = in.get("tools");
        boolean any = false;
        if (tools != null && tools.getValueType() != JsonValue.ValueType.NULL) {
            if (!(tools instanceof JsonArray list)) {
                throw MessagesRequests.bad("tools", "'tools' must be a list of tools.");
            }
            JsonArrayBuilder out = JsonCodec.array();
            for (int i = 0; i < list.size(); i++) {
                out.add(tool(list.get(i), "tools[" + i + "]"));
            }
            any = !list.isEmpty();
            if (any) {
                chat.add("tools", out);
            }
        }
        JsonValue choice = in.get("tool_choice");
        if (choice == null || choice.getValueType() == JsonValue.ValueType.NULL) {
            return;
        }
        if (!(choice instanceof JsonObject c) || !(c.get("type") instanceof JsonString type)) {
            throw MessagesRequests.bad("tool_choice", "'tool_choice' must be an object with a 'type': auto, any, "
                    + "tool or none.");
        }
        switch (type.getString()) {
            case "auto" -> chat.add("tool_choice", "auto");
            case "any" -> chat.add("tool_choice", "required");
            case "none" -> chat.add("tool_choice", "none");
            case "tool" -> {
                if (!(c.get("name") instanceof JsonString name)) {
                    throw MessagesRequests.bad("tool_choice.name", "'tool_choice' of type tool needs a 'name'.");
                }
                chat.add("tool_choice", JsonCodec.object().add("type", "function")
                        .add("function", JsonCodec.object().add("name", name)));
            }
            default -> throw MessagesRequests.bad("tool_choice.type", "'tool_choice.type' must be auto, any, tool "
                    + "or none.");
        }
        if (any && c.get("disable_parallel_tool_use") == JsonValue.TRUE) {
            chat.add("parallel_tool_calls", false);
        }
    }

    private static JsonObject tool(JsonValue value, String at) {
        if (!(value instanceof JsonObject t)) {
            throw MessagesRequests.bad(at, "'" + at + "' must be an object.");
        }
        if (t.get("type") instanceof JsonString type && !"custom".equals(type.getString())) {
            throw MessagesRequests.bad(at + ".type", "'" + at + "' is Anthropic's server tool '" + type.getString()
                    + "', which the proxy cannot run; declare tools with a name and an input_schema.");
        }
        if (!(t.get("name") instanceof JsonString name) || name.getString().isBlank()) {
            throw MessagesRequests.bad(at + ".name", "'" + at + ".name' is required.");
        }
        if (!(t.get("input_schema") instanceof JsonObject schema)) {
            throw MessagesRequests.bad(at + ".input_schema", "'" + at + ".input_schema' is required: a JSON schema "
                    + "object.");
        }
        JsonObjectBuilder function = JsonCodec.object().add("name", name).add("parameters", schema);
        if (t.get("description") instanceof JsonString d) {
            function.add("description", d);
        }
        return CacheMarks.copy(t, JsonCodec.object().add("type", "function").add("function", function)).build();
    }
}
