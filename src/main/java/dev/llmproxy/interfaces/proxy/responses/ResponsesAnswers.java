package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatAnswers;
import dev.llmproxy.domain.answer.AnswerMessage;
import dev.llmproxy.domain.upstream.UpstreamReply;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;

/**
 * A whole answer as a response object: reasoning as a {@code reasoning} item with its summary, the text as a
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
        AnswerMessage message = reply.chat().message();
        JsonArrayBuilder output = JsonCodec.array();
        if (!message.reasoning().isEmpty()) {
            output.add(ResponsesWire.reasoning(requestId, message.reasoning()));
        }
        String text = message.shown();
        if (!text.isEmpty()) {
            output.add(ResponsesWire.message(requestId, "completed", text));
        }
        // chat's form of the calls: Claude's thinking travels with the first id, to come back with its output
        JsonArray calls = ChatAnswers.toolCalls(message);
        for (JsonObject call : calls.getValuesAs(JsonObject.class)) {
            JsonObject f = call.getJsonObject("function");
            output.add(ResponsesWire.functionCall(call.getString("id"), f.getString("name"), f.getString("arguments"),
                    "completed"));
        }
        JsonObject response = ResponsesWire.ended(ResponsesWire.envelope(requestId, createdAt, request,
                reply.answeredModel(), "completed"), reply.finish(), output.build(), reply.usage()).build();
        return new Answer(response, assistant(text, calls));
    }

    /** The answer as chat's assistant message. */
    static JsonObject assistant(String text, JsonArray calls) {
        JsonObject m = JsonCodec.object().add("role", "assistant").add("content", text).build();
        return calls.isEmpty() ? m : JsonCodec.object(m).add("tool_calls", calls).build();
    }
}
