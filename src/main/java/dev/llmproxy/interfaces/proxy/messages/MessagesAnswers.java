package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatDeltas;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.proxy.ReasoningDetails;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.interfaces.proxy.translation.ChatParts;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * A chat completion as an Anthropic message: reasoning as a {@code thinking} block first, then the text, then each
 * tool call as a {@code tool_use} block with its arguments parsed.
 */
final class MessagesAnswers {

    private MessagesAnswers() {
    }

    static JsonObject of(UpstreamReply.Completed reply, String requestId) {
        JsonObject message = ChatParts.firstMessage(reply.body());
        JsonArrayBuilder content = JsonCodec.array();
        String reasoning = ChatDeltas.reasoning(message);
        JsonArray signed = ReasoningDetails.blocks(message);
        if (!signed.isEmpty()) {
            signed.forEach(content::add); // Claude's own thinking, signed, for the caller to hand back
        } else if (!reasoning.isEmpty()) {
            // The proxy cannot vouch for other thinking across models, so it carries no signature.
            content.add(JsonCodec.object().add("type", "thinking").add("thinking", reasoning).add("signature", ""));
        }
        String text = ChatParts.text(message);
        if (!text.isEmpty()) {
            content.add(JsonCodec.object().add("type", "text").add("text", text));
        }
        if (message.get("tool_calls") instanceof JsonArray calls) {
            for (JsonValue call : calls) {
                if (call instanceof JsonObject c && c.get("function") instanceof JsonObject f) {
                    content.add(JsonCodec.object().add("type", "tool_use")
                            .add("id", CarriedThinking.bare(ChatParts.string(c, "id", "")))
                            .add("name", ChatParts.string(f, "name", ""))
                            .add("input", input(ChatParts.string(f, "arguments", ""))));
                }
            }
        }
        return JsonCodec.object().add("id", MessagesWire.messageId(requestId)).add("type", "message")
                .add("role", "assistant").add("model", reply.answeredModel() == null ? "" : reply.answeredModel())
                .add("content", content).add("stop_reason", MessagesWire.stopReason(reply.finishReason()))
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
