package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CacheMarks;
import dev.llmproxy.application.proxy.ResponseFormat;
import dev.llmproxy.application.proxy.Tools;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.util.List;

/**
 * Function tools as Anthropic's ({@code name}, {@code description}, {@code input_schema}) and {@code tool_choice} as
 * its object ({@code auto}, {@code any} for required, {@code tool} for a named function, {@code none}); a request for
 * JSON ({@code response_format}) becomes an instruction, since the Messages API has no JSON mode.
 */
final class AnthropicTools {

    private AnthropicTools() {
    }

    /**
     * @param cache whether the tools end with the model's own cache breakpoint; a caller's marks on tools are kept
     *              as set
     */
    static void translate(Tools tools, JsonObjectBuilder out, boolean cache) {
        List<Tools.Function> functions = tools.functions();
        if (functions.isEmpty()) {
            return;
        }
        JsonArrayBuilder list = JsonCodec.array();
        for (int i = 0; i < functions.size(); i++) {
            Tools.Function f = functions.get(i);
            JsonObjectBuilder b = JsonCodec.object().add("name", f.name());
            if (f.description() != null) {
                b.add("description", f.description());
            }
            b.add("input_schema", f.parameters() != null ? f.parameters()
                    : JsonCodec.object().add("type", "object").build());
            JsonObject mark = cache && i == functions.size() - 1 ? AnthropicRequests.EPHEMERAL : f.cacheMark();
            if (mark != null) {
                b.add(CacheMarks.FIELD, mark);
            }
            list.add(b);
        }
        out.add("tools", list);
        JsonObjectBuilder choice = choice(tools.choice());
        if (!tools.parallel()) {
            choice.add("disable_parallel_tool_use", true);
        }
        out.add("tool_choice", choice);
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

    private static JsonObjectBuilder choice(Tools.Choice choice) {
        Tools.Choice.Mode mode = choice == null ? Tools.Choice.Mode.AUTO : choice.mode();
        return switch (mode) {
            case NAMED -> JsonCodec.object().add("type", "tool").add("name", choice.name());
            case REQUIRED -> JsonCodec.object().add("type", "any");
            case NONE -> JsonCodec.object().add("type", "none");
            case AUTO -> JsonCodec.object().add("type", "auto");
        };
    }

    /** The instruction that asks for JSON, or null when the caller asked for text. */
    static String jsonInstruction(ResponseFormat format) {
        return switch (format.kind()) {
            case TEXT -> null;
            case JSON_OBJECT -> "Answer with one JSON object and nothing else.";
            case JSON_SCHEMA -> "Answer with one JSON object and nothing else, valid against this JSON schema: "
                    + (format.schema() != null ? format.schema().toString() : "{}");
        };
    }
}
