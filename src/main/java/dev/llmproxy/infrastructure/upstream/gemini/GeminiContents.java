package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.conversation.Part;
import dev.llmproxy.domain.conversation.Role;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.conversation.ToolResult;
import dev.llmproxy.domain.conversation.Turn;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;

/**
 * A conversation as Gemini's {@code contents} (roles {@code user} and {@code model}) and {@code systemInstruction}:
 * tool calls become {@code functionCall} parts (with their thought signatures back), tool results
 * {@code functionResponse} parts named after the call they answer, and turns of one role that follow each other are
 * joined, as Gemini expects (parallel calls are answered in one turn).
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

    static Translated of(Conversation conversation) {
        GeminiContents c = new GeminiContents();
        conversation.turns().forEach(c::add);
        return c.build();
    }

    private void add(Turn turn) {
        if (turn.role().instructs()) {
            system.addAll(parts(turn));
        } else if (turn.role() == Role.TOOL) {
            ToolResult result = (ToolResult) turn.parts().get(0);
            String name = callNames.getOrDefault(result.callId(), result.name() == null ? "tool" : result.name());
            turn("user", List.of(functionResponse(name, result.text())));
        } else {
            turn(turn.role() == Role.ASSISTANT ? "model" : "user", parts(turn));
        }
    }

    private List<JsonObject> parts(Turn turn) {
        List<JsonObject> parts = new ArrayList<>();
        for (Part part : turn.parts()) {
            if (part instanceof ToolCall call) {
                callNames.put(call.id(), call.name());
                parts.add(functionCall(call));
            } else {
                JsonObject translated = GeminiMedia.part(part);
                if (translated != null) {
                    parts.add(translated);
                } else {
                    LOG.fine(() -> "Not sent to Gemini (no form for it there): " + part);
                }
            }
        }
        return parts;
    }

    private static JsonObject functionCall(ToolCall call) {
        JsonObjectBuilder part = JsonCodec.object().add("functionCall", JsonCodec.object().add("name", call.name())
                .add("args", asObject(call.arguments(), "arguments")));
        if (call.signature() != null) {
            part.add("thoughtSignature", call.signature());
        }
        return part.build();
    }

    private static JsonObject functionResponse(String name, String result) {
        return JsonCodec.object().add("functionResponse", JsonCodec.object().add("name", name)
                .add("response", asObject(result, "result"))).build();
    }

    /** A JSON object as Gemini wants it: the text parsed when it is an object, else wrapped under {@code key}. */
    private static JsonObject asObject(String text, String key) {
        try {
            if (JsonCodec.read(text) instanceof JsonObject o) {
                return o;
            }
        } catch (JsonException notJson) {
            // kept as text below
        }
        return JsonCodec.object().add(key, text).build();
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
