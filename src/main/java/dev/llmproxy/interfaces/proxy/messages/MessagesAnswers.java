package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ToolCallIds;
import dev.llmproxy.application.proxy.ThinkingBlocks;
import dev.llmproxy.domain.answer.AnswerMessage;
import dev.llmproxy.domain.answer.Sent;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * A whole answer as an Anthropic message: reasoning as a {@code thinking} block first, then the text, then each
 * tool call as a {@code tool_use} block with its arguments parsed.
 */
final class MessagesAnswers {

    private MessagesAnswers() {
    }

    /**
     * The answer a Messages caller gets: Claude's message as Claude sent it (its own id, its blocks in their order,
     * citations, the stop sequence and usage in full), or written from the typed answer when another model answered.
     */
    static byte[] body(UpstreamReply.Completed reply, String requestId) {
        byte[] sent = Sent.in(reply.chat().sent(), Sent.Dialect.MESSAGES);
        return sent != null ? sent : JsonCodec.write(of(reply, requestId));
    }

    static JsonObject of(UpstreamReply.Completed reply, String requestId) {
        AnswerMessage message = reply.chat().message();
        JsonArrayBuilder content = JsonCodec.array();
        if (!message.thinking().isEmpty()) {
            ThinkingBlocks.json(message.thinking()).forEach(content::add); // Claude's own, signed, to hand back
        } else if (!message.reasoning().isEmpty()) {
            // The proxy cannot vouch for other thinking across models, so it carries no signature.
            content.add(JsonCodec.object().add("type", "thinking").add("thinking", message.reasoning())
                    .add("signature", ""));
        }
        if (!message.shown().isEmpty()) {
            content.add(JsonCodec.object().add("type", "text").add("text", message.shown()));
        }
        for (ToolCall call : message.toolCalls()) {
            content.add(JsonCodec.object().add("type", "tool_use").add("id", ToolCallIds.carry(call.id(), call.signature()))
                    .add("name", call.name()).add("input", input(call.arguments())));
        }
        return JsonCodec.object().add("id", MessagesWire.messageId(requestId)).add("type", "message")
                .add("role", "assistant").add("model", reply.answeredModel() == null ? "" : reply.answeredModel())
                .add("content", content).add("stop_reason", MessagesWire.stopReason(reply.finish()))
                .addNull("stop_sequence").add("usage", MessagesWire.usage(reply.usage())).build();
    }

    /** A tool call's arguments as the object Anthropic's clients expect; arguments that are no object become one. */
    static JsonObject input(String arguments) {
        if (arguments.isBlank()) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
        try {
            if (JsonCodec.read(arguments) instanceof JsonObject o) {
                return o;
            }
        } catch (JsonException notJson) {
            // kept as text below
        }
        return JsonCodec.object().add("arguments", arguments).build();
    }
}
