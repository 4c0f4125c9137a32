package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;

/**
 * OpenAI's messages as Gemini's {@code contents} (roles {@code user} and {@code model}) and
 * {@code systemInstruction}: assistant tool calls become {@code functionCall} parts (with their thought signatures
 * back), tool results {@code functionResponse} parts named after the call they answer, and turns of one role that
 * follow each other are joined, as Gemini expects (parallel calls are answered in one turn).
 */
final class GeminiContents {

    private static final Logger LOG = Logger.getLogger(GeminiContents.class.getName());

    private final List<JsonObject> system = new ArrayList<>();
    private final List<String> roles = new ArrayList<>();
    private final List<JsonArrayBuilder> turns = new ArrayList<>();
    private final Map<String, String> callNames = new HashMap<>();

    /** The conversation, translated; {@code systemInstruction} is null when there is none. */
    record Translated(JsonArray contents, JsonObject systemInstruction) {
    }

    static Translated of(JsonArray messages) {
        GeminiContents c = new GeminiContents();
        for (JsonValue m : messages) {
            c.add((JsonObject) m);
        }
        return c.build();
    }

    private void add(JsonObject m) {
        String role = m.getString("role", "user");
        switch (role) {
            case "system", "developer" -> system.addAll(parts(m.get("content")));
            case "assistant" -> turn("model", assistantParts(m));
            case "tool" -> turn("user", List.of(functionResponse(callNames.getOrDefault(
                    m.getString("tool_call_id", ""), m.getString("name", "tool")), m.get("content"))));
            case "function" -> turn("user", List.of(functionResponse(m.getString("name", "tool"), m.get("content"))));
            default -> turn("user", parts(m.get("content")));
        }
    }

    private List<JsonObject> assistantParts(JsonObject m) {
        List<JsonObject> parts = new ArrayList<>(parts(m.get("content")));
        if (m.get("tool_calls") instanceof JsonArray calls) {
            for (JsonValue v : calls) {
                if (v instanceof JsonObject call && call.get("function") instanceof JsonObject f) {
                    String id = call.getString("id", "");
                    callNames.put(id, f.getString("name", ""));
                    parts.add(functionCall(f, ToolCallIds.signatureOf(id)));
                }
            }
        } else if (m.get("function_call") instanceof JsonObject f) {
            parts.add(functionCall(f, null));
        }
        return parts;
    }

    private static JsonObject functionCall(JsonObject f, String signature) {
        JsonObjectBuilder call = JsonCodec.object().add("name", f.getString("name", ""))
                .add("args", asObject(f.get("arguments"), "arguments"));
        JsonObjectBuilder part = JsonCodec.object().add("functionCall", call);
        if (signature != null) {
            part.add("thoughtSignature", signature);
        }
        return part.build();
    }

    private static JsonObject functionResponse(String name, JsonValue content) {
        String text = ChatJson.textOf(content);
        return JsonCodec.object().add("functionResponse", JsonCodec.object().add("name", name)
                .add("response", asObject(JsonCodec.value(text), "result"))).build();
    }

    /** A JSON object as Gemini wants it: the text parsed when it is an object, else wrapped under {@code key}. */
    private static JsonObject asObject(JsonValue value, String key) {
        if (value instanceof JsonString s) {
            try {
                if (JsonCodec.read(s.getString()) instanceof JsonObject o) {
                    return o;
                }
            } catch (JsonException notJson) {
                // kept as text below
            }
            return JsonCodec.object().add(key, s.getString()).build();
        }
        return value instanceof JsonObject o ? o : JsonValue.EMPTY_JSON_OBJECT;
    }

    /** Content as parts: a string is one text part; text, image, audio and file parts are translated. */
    private static List<JsonObject> parts(JsonValue content) {
        List<JsonObject> parts = new ArrayList<>();
        if (content instanceof JsonString s) {
            if (!s.getString().isEmpty()) {
                parts.add(text(s.getString()));
            }
        } else if (content instanceof JsonArray list) {
            for (JsonValue v : list) {
                JsonObject part = v instanceof JsonObject p ? GeminiMedia.part(p) : null;
                if (part != null) {
                    parts.add(part);
                } else {
                    LOG.fine(() -> "Dropped a content part Gemini has no form for: " + v);
                }
            }
        }
        return parts;
    }

    static JsonObject text(String text) {
        return JsonCodec.object().add("text", text).build();
    }

    private void turn(String role, List<JsonObject> parts) {
        if (parts.isEmpty()) {
            return;
        }
        int last = roles.size() - 1;
        if (last < 0 || !roles.get(last).equals(role)) {
            roles.add(role);
            turns.add(JsonCodec.array());
            last++;
        }
        parts.forEach(turns.get(last)::add);
    }

    private Translated build() {
        JsonObject instruction = null;
        if (!system.isEmpty()) {
            JsonArrayBuilder parts = JsonCodec.array();
            system.forEach(parts::add);
            instruction = JsonCodec.object().add("parts", parts).build();
        }
        if (turns.isEmpty() && instruction != null) {
            // Gemini refuses a conversation of system text alone: it becomes the user's turn.
            turn("user", system);
            instruction = null;
        }
        JsonArrayBuilder contents = JsonCodec.array();
        for (int i = 0; i < turns.size(); i++) {
            contents.add(JsonCodec.object().add("role", roles.get(i)).add("parts", turns.get(i)));
        }
        return new Translated(contents.build(), instruction);
    }
}
