package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatDeltas;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.interfaces.proxy.translation.ChatParts;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * A chat completion as a response object: reasoning as a {@code reasoning} item with its summary, the text as a
 * {@code message} item, each tool call as a {@code function_call} item; and the assistant turn in chat's form, which
 * a stored response keeps for the next request that continues it.
 */
final class ResponsesAnswers {

    /** @param assistant the answer as a chat assistant message (without reasoning) */
    record Answer(JsonObject response, JsonObject assistant) {
    }

    private ResponsesAnswers() {
    }

    static Answer of(UpstreamReply.Completed reply, String requestId, long createdAt, JsonObject request) {
        JsonObject message = ChatParts.firstMessage(reply.body());
        JsonArrayBuilder output = JsonCodec.array();
        String reasoning = ChatDeltas.reasoning(message);
        if (!reasoning.isEmpty()) {
            output.add(ResponsesWire.reasoning(requestId, reasoning));
        }
        String text = ChatParts.text(message);
        if (!text.isEmpty()) {
            output.add(ResponsesWire.message(requestId, "completed", text));
        }
        JsonArray calls = message.get("tool_calls") instanceof JsonArray a ? a : JsonValue.EMPTY_JSON_ARRAY;
        for (JsonValue call : calls) {
            if (call instanceof JsonObject c && c.get("function") instanceof JsonObject f) {
                output.add(ResponsesWire.functionCall(ChatParts.string(c, "id", ""), ChatParts.string(f, "name", ""),
                        ChatParts.string(f, "arguments", ""), "completed"));
            }
        }
        JsonObject response = ResponsesWire.ended(ResponsesWire.envelope(requestId, createdAt, request,
                reply.answeredModel(), "completed"), reply.finishReason(), output.build(), reply.usage()).build();
        return new Answer(response, assistant(text, calls));
    }

    /** The answer as chat's assistant message. */
    static JsonObject assistant(String text, JsonArray calls) {
        JsonObject m = JsonCodec.object().add("role", "assistant").add("content", text).build();
        return calls.isEmpty() ? m : JsonCodec.object(m).add("tool_calls", calls).build();
    }
}
