package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Responses function tools and {@code tool_choice} in chat's form. Only function tools (run by the caller) can be
 * served by every model of a chain; OpenAI's built-in tools (web search, file search, code interpreter, computer
 * use...) are refused by name.
 */
final class ResponsesTools {

    private ResponsesTools() {
    }

    static void translate(JsonObject in, JsonObjectBuilder chat) {
        JsonValue tools = in.get("tools");
        if (tools != null && tools.getValueType() != JsonValue.ValueType.NULL) {
            if (!(tools instanceof JsonArray list)) {
                throw ResponsesRequests.bad("tools", "'tools' must be a list of tools.");
            }
            JsonArrayBuilder out = JsonCodec.array();
            for (int i = 0; i < list.size(); i++) {
                out.add(tool(list.get(i), "tools[" + i + "]"));
            }
            if (!list.isEmpty()) {
                chat.add("tools", out);
            }
        }
        JsonValue choice = in.get("tool_choice");
        if (choice instanceof JsonString s) {
            if (!s.getString().equals("auto") && !s.getString().equals("none") && !s.getString().equals("required")) {
                throw ResponsesRequests.bad("tool_choice", "'tool_choice' must be auto, none, required or a function.");
            }
            chat.add("tool_choice", s);
        } else if (choice instanceof JsonObject c) {
            if (!"function".equals(c.getString("type", null)) || !(c.get("name") instanceof JsonString name)) {
                throw ResponsesRequests.bad("tool_choice", "'tool_choice' names a function as "
                        + "{\"type\":\"function\",\"name\":...}; built-in tools are not supported.");
            }
            chat.add("tool_choice", JsonCodec.object().add("type", "function")
                    .add("function", JsonCodec.object().add("name", name)));
        }
    }

    private static JsonObject tool(JsonValue value, String at) {
        if (!(value instanceof JsonObject t) || !(t.get("type") instanceof JsonString type)) {
            throw ResponsesRequests.bad(at, "'" + at + "' must be a tool with a 'type'.");
        }
        if (!type.getString().equals("function")) {
            throw ResponsesRequests.bad(at + ".type", "'" + at + "' is the built-in tool '" + type.getString()
                    + "', which the proxy cannot run; declare function tools.");
        }
        if (!(t.get("name") instanceof JsonString name) || name.getString().isBlank()) {
            throw ResponsesRequests.bad(at + ".name", "'" + at + ".name' is required.");
        }
        JsonObjectBuilder function = JsonCodec.object().add("name", name);
        for (String field : new String[] {"description", "parameters", "strict"}) {
            JsonValue v = t.get(field);
            if (v != null && v.getValueType() != JsonValue.ValueType.NULL) {
                function.add(field, v);
            }
        }
        return JsonCodec.object().add("type", "function").add("function", function).build();
    }
}
