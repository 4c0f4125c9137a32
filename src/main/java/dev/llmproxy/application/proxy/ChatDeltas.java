package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.streaming.DeltaParts;
import dev.llmproxy.domain.streaming.ToolFragment;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/**
 * A chat message or stream delta read into what it says besides its text: the one reading of the chat shape's
 * reasoning, refusal, tool calls and Claude's thinking details, done where the delta is parsed anyway.
 */
public final class ChatDeltas {

    private ChatDeltas() {
    }

    /** What a delta adds besides its text. */
    public static DeltaParts parts(JsonObject delta) {
        List<ToolFragment> calls = toolFragments(delta);
        String reasoning = reasoning(delta);
        String refusal = string(delta, "refusal", "");
        boolean details = ReasoningDetails.present(delta);
        if (calls.isEmpty() && reasoning.isEmpty() && refusal.isEmpty() && !details) {
            return DeltaParts.NONE;
        }
        return new DeltaParts(reasoning, refusal, calls, details ? ReasoningDetails.signature(delta) : null,
                details ? ReasoningDetails.redactedData(delta) : null);
    }

    /** The reasoning a message or delta reports ({@code reasoning_content}, or {@code reasoning}), or "". */
    public static String reasoning(JsonObject o) {
        return string(o, "reasoning_content", string(o, "reasoning", ""));
    }

    private static List<ToolFragment> toolFragments(JsonObject delta) {
        if (!(delta.get("tool_calls") instanceof JsonArray calls)) {
            return List.of();
        }
        List<ToolFragment> out = new ArrayList<>();
        for (JsonValue c : calls) {
            if (c instanceof JsonObject call) {
                JsonObject f = call.get("function") instanceof JsonObject fn ? fn : JsonValue.EMPTY_JSON_OBJECT;
                out.add(new ToolFragment(call.get("index") instanceof JsonNumber n ? n.intValue() : 0,
                        string(call, "id", ""), string(f, "name", ""), string(f, "arguments", "")));
            }
        }
        return out;
    }

    static String string(JsonObject o, String field, String otherwise) {
        return o.get(field) instanceof JsonString s ? s.getString() : otherwise;
    }
}
