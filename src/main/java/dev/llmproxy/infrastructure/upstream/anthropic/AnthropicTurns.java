package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CacheMarks;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.proxy.ChatJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/**
 * A chat conversation as Anthropic's turns: only {@code user} and {@code assistant}, consecutive turns of one role
 * joined, tool results first in the user turn after the calls, no empty text blocks, and a final assistant turn (a
 * prefill to continue) without trailing whitespace, all of which Anthropic refuses otherwise.
 */
final class AnthropicTurns {

    private AnthropicTurns() {
    }

    /** @param thinking whether the request thinks: only then does the thinking carried by tool calls go back */
    static JsonArray of(JsonArray messages, boolean thinking) {
        List<String> roles = new ArrayList<>();
        List<List<JsonObject>> turns = new ArrayList<>();
        for (JsonValue v : messages) {
            if (!(v instanceof JsonObject m) || AnthropicSystem.is(m)) {
                continue;
            }
            String role = "assistant".equals(m.getString("role", "")) ? "assistant" : "user";
            List<JsonObject> blocks = blocks(m, thinking);
            if (blocks.isEmpty()) {
                continue;
            }
            if (!roles.isEmpty() && roles.get(roles.size() - 1).equals(role)) {
                turns.get(turns.size() - 1).addAll(blocks);
            } else {
                roles.add(role);
                turns.add(new ArrayList<>(blocks));
            }
        }
        JsonArrayBuilder out = JsonCodec.array();
        for (int i = 0; i < turns.size(); i++) {
            List<JsonObject> blocks = resultsFirst(turns.get(i));
            if (i == turns.size() - 1 && roles.get(i).equals("assistant")) {
                blocks = withoutTrailingWhitespace(blocks);
            }
            JsonArrayBuilder content = JsonCodec.array();
            blocks.forEach(content::add);
            out.add(JsonCodec.object().add("role", roles.get(i)).add("content", content));
        }
        return out.build();
    }

    private static List<JsonObject> blocks(JsonObject m, boolean thinking) {
        String role = m.getString("role", "");
        List<JsonObject> out = new ArrayList<>();
        if (role.equals("tool") || role.equals("function")) {
            String id = m.getString(role.equals("tool") ? "tool_call_id" : "name", "");
            JsonObjectBuilder result = JsonCodec.object().add("type", "tool_result")
                    .add("tool_use_id", AnthropicIds.toAnthropic(CarriedThinking.bare(id)))
                    .add("content", ChatJson.textOf(m.get("content")));
            JsonObject mark = resultMark(m.get("content"));
            out.add((mark == null ? result : result.add(CacheMarks.FIELD, mark)).build());
            return out;
        }
        JsonValue content = m.get("content");
        if (content instanceof JsonString s) {
            text(s.getString(), out);
        } else if (content instanceof JsonArray parts) {
            for (JsonValue p : parts) {
                if (p instanceof JsonObject part) {
                    part(part, out);
                }
            }
        }
        if (role.equals("assistant") && m.get("tool_calls") instanceof JsonArray calls) {
            if (thinking) { // the thinking that led to the calls goes first, as Anthropic wrote it
                out.addAll(0, CarriedThinking.carried(firstCallId(calls)).getValuesAs(JsonObject.class));
            }
            for (JsonValue c : calls) {
                if (c instanceof JsonObject call && call.get("function") instanceof JsonObject f) {
                    out.add(CacheMarks.copy(call, JsonCodec.object().add("type", "tool_use")
                            .add("id", AnthropicIds.toAnthropic(CarriedThinking.bare(call.getString("id", ""))))
                            .add("name", f.getString("name", "")).add("input", input(f.get("arguments")))).build());
                }
            }
        }
        return out;
    }

    /** The id of an assistant turn's first tool call, which carries its thinking; null when there is none. */
    static String firstCallId(JsonArray calls) {
        return !calls.isEmpty() && calls.get(0) instanceof JsonObject call && call.get("id") instanceof JsonString id
                ? id.getString() : null;
    }

    private static void part(JsonObject part, List<JsonObject> out) {
        String type = part.getString("type", "");
        if (type.equals("text") && part.get("text") instanceof JsonString t && !t.getString().isBlank()) {
            out.add(CacheMarks.copy(part, AnthropicSystem.textBlock(t.getString())).build());
        } else if (type.equals("image_url") && part.get("image_url") instanceof JsonObject image
                && image.get("url") instanceof JsonString url) {
            out.add(CacheMarks.copy(part, JsonCodec.object().add("type", "image")
                    .add("source", AnthropicSources.image(url.getString()))).build());
        } else if (type.equals("file") && part.get("file") instanceof JsonObject file
                && file.get("file_data") instanceof JsonString data) {
            JsonObject source = AnthropicSources.document(data.getString());
            if (source != null) {
                out.add(CacheMarks.copy(part, JsonCodec.object().add("type", "document").add("source", source))
                        .build());
            }
        }
    }

    private static void text(String text, List<JsonObject> out) {
        if (!text.isBlank()) {
            out.add(AnthropicSystem.textBlock(text).build());
        }
    }

    /**
     * A tool result's cache mark: the last one on its parts. Anthropic takes it on the result itself, never inside
     * its content.
     */
    private static JsonObject resultMark(JsonValue content) {
        JsonObject mark = null;
        if (content instanceof JsonArray parts) {
            for (JsonValue p : parts) {
                if (p instanceof JsonObject part && CacheMarks.of(part) != null) {
                    mark = CacheMarks.of(part);
                }
            }
        }
        return mark;
    }

    /** A tool call's arguments as the object Anthropic wants ({} when they are not a JSON object). */
    private static JsonObject input(JsonValue arguments) {
        if (arguments instanceof JsonString s) {
            try {
                if (JsonCodec.read(s.getString()) instanceof JsonObject o) {
                    return o;
                }
            } catch (JsonException notJson) {
                return JsonValue.EMPTY_JSON_OBJECT;
            }
        }
        return arguments instanceof JsonObject o ? o : JsonValue.EMPTY_JSON_OBJECT;
    }

    private static List<JsonObject> resultsFirst(List<JsonObject> blocks) {
        List<JsonObject> out = new ArrayList<>();
        blocks.stream().filter(b -> b.getString("type").equals("tool_result")).forEach(out::add);
        blocks.stream().filter(b -> !b.getString("type").equals("tool_result")).forEach(out::add);
        return out;
    }

    /** A final assistant turn's blocks as Anthropic takes a prefill: its last text without trailing whitespace. */
    static List<JsonObject> withoutTrailingWhitespace(List<JsonObject> blocks) {
        List<JsonObject> out = new ArrayList<>(blocks);
        JsonObject last = out.get(out.size() - 1);
        if (last.getString("type").equals("text")) {
            JsonObjectBuilder stripped = JsonCodec.object(last).add("text", last.getString("text").stripTrailing());
            out.set(out.size() - 1, stripped.build());
        }
        return out;
    }
}
