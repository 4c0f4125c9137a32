package dev.llmproxy.application.proxy;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/**
 * Chat's {@code tools}, {@code tool_choice} and {@code parallel_tool_calls} read as {@link Tools}, or a 400 naming
 * what is wrong: a function without a name or with arguments that are not a schema object, a choice that is neither
 * a word chat knows nor a named function. Tools of other types, and a choice among them (which only an
 * OpenAI-compatible server takes, as it takes the request), are left to that server.
 */
public final class ToolsReader {

    private ToolsReader() {
    }

    /** @throws dev.llmproxy.domain.failure.ProxyException a 400 that names what is wrong */
    public static Tools read(JsonObject chat) {
        List<Tools.Function> functions = new ArrayList<>();
        JsonValue tools = chat.get("tools");
        if (tools != null && tools.getValueType() != JsonValue.ValueType.NULL) {
            if (!(tools instanceof JsonArray list)) {
                throw CallerBody.bad("tools", "'tools' must be a list of tools.");
            }
            for (int i = 0; i < list.size(); i++) {
                Tools.Function f = function(list.get(i), "tools[" + i + "]");
                if (f != null) {
                    functions.add(f);
                }
            }
        }
        return new Tools(functions, choice(chat.get("tool_choice")), chat.get("parallel_tool_calls") != JsonValue.FALSE);
    }

    private static Tools.Function function(JsonValue value, String at) {
        if (!(value instanceof JsonObject tool)) {
            throw CallerBody.bad(at, "'" + at + "' must be an object.");
        }
        if (tool.get("type") instanceof JsonString type && !"function".equals(type.getString())) {
            return null;
        }
        if (!(tool.get("function") instanceof JsonObject f)) {
            throw CallerBody.bad(at + ".function", "'" + at + ".function' is required: the function's name and "
                    + "parameters.");
        }
        if (!(f.get("name") instanceof JsonString name) || name.getString().isBlank()) {
            throw CallerBody.bad(at + ".function.name", "'" + at + ".function.name' is required.");
        }
        JsonValue parameters = f.get("parameters");
        if (parameters != null && parameters.getValueType() != JsonValue.ValueType.NULL
                && !(parameters instanceof JsonObject)) {
            throw CallerBody.bad(at + ".function.parameters", "'" + at + ".function.parameters' must be a JSON "
                    + "schema object.");
        }
        return new Tools.Function(name.getString(), f.get("description") instanceof JsonString d ? d.getString() : null,
                parameters instanceof JsonObject schema ? schema : null, CacheMarks.of(tool));
    }

    private static Tools.Choice choice(JsonValue choice) {
        if (choice == null || choice.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        if (choice instanceof JsonString word) {
            return switch (word.getString()) {
                case "auto" -> Tools.Choice.AUTO;
                case "none" -> new Tools.Choice(Tools.Choice.Mode.NONE, null);
                case "required" -> new Tools.Choice(Tools.Choice.Mode.REQUIRED, null);
                default -> throw CallerBody.bad("tool_choice", "'tool_choice' must be auto, none, required or a "
                        + "named function.");
            };
        }
        if (!(choice instanceof JsonObject named)) {
            throw CallerBody.bad("tool_choice", "'tool_choice' must be a word or an object.");
        }
        if (named.get("type") instanceof JsonString type && !"function".equals(type.getString())) {
            return null; // a choice among tools of other types, for the server that takes them
        }
        if (named.get("function") instanceof JsonObject f && f.get("name") instanceof JsonString name
                && !name.getString().isBlank()) {
            return new Tools.Choice(Tools.Choice.Mode.NAMED, name.getString());
        }
        throw CallerBody.bad("tool_choice.function.name", "'tool_choice' names a function: "
                + "{\"type\":\"function\",\"function\":{\"name\":...}}.");
    }
}
