package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.streaming.DeltaParts;
import dev.llmproxy.domain.streaming.ToolFragment;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/**
 * A chat stream delta read into what it says besides its text, and written from it: the one reading and writing of
 * the chat shape's reasoning, refusal, tool calls and Claude's thinking details.
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
                details ? ReasoningDetails.redactedData(delta) : null, -1);
    }

    /**
     * The delta a chat caller is given for a piece of an answer that came in another dialect: each call's first piece
     * with an id that carries what the provider wants back with it ({@link ToolCallIds#forCaller}).
     */
    public static String write(String text, DeltaParts parts) {
        JsonObjectBuilder delta = JsonCodec.object();
        if (!text.isEmpty()) {
            delta.add("content", text);
        }
        if (!parts.reasoning().isEmpty()) {
            delta.add("reasoning_content", parts.reasoning());
        }
        if (!parts.refusal().isEmpty()) {
            delta.add("refusal", parts.refusal());
        }
        if (parts.thinkingSignature() != null || parts.redactedThinking() != null) {
            delta.add(ReasoningDetails.FIELD, ReasoningDetails.streamed(parts));
        }
        if (!parts.toolCalls().isEmpty()) {
            JsonArrayBuilder calls = JsonCodec.array();
            for (ToolFragment f : parts.toolCalls()) {
                JsonObjectBuilder call = JsonCodec.object().add("index", f.index());
                JsonObjectBuilder function = JsonCodec.object();
                if (!f.id().isEmpty()) {
                    call.add("id", ToolCallIds.forCaller(f.id(), f.signature(), f.thinking())).add("type", "function");
                    function.add("name", f.name());
                }
                calls.add(call.add("function", function.add("arguments", f.arguments())));
            }
            delta.add("tool_calls", calls);
        }
        return JsonCodec.writeText(delta.build());
    }

    /** The reasoning a message or delta reports ({@code reasoning_content}, or {@code reasoning}), or "". */
    public static String reasoning(JsonObject o) {
        return string(o, "reasoning_content", string(o, "reasoning", ""));
    }

    private static List<ToolFragment> toolFragments(JsonObject delta) {
        if (delta.get("function_call") instanceof JsonObject legacy) { // what a caller of the old functions API gets
            return List.of(new ToolFragment(0, "", string(legacy, "name", ""), string(legacy, "arguments", "")));
        }
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
