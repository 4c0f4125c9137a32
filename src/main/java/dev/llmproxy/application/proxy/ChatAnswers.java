package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.answer.AnswerChoice;
import dev.llmproxy.domain.answer.AnswerMessage;
import dev.llmproxy.domain.answer.ChatAnswer;
import dev.llmproxy.domain.answer.Sent;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/**
 * A whole answer in chat's dialect: read into the typed answer where a provider speaks it, and written from the
 * typed answer for a chat caller where the provider speaks another. Claude's thinking blocks go out as
 * {@code reasoning_details} and, packed, in the first tool call's id ({@link CarriedThinking}), the one place every
 * chat client hands back.
 */
public final class ChatAnswers {

    private static final String ID_PREFIX = "chatcmpl-";

    private ChatAnswers() {
    }

    /**
     * @param root   a completion whose choices each hold a message (checked by the caller)
     * @param asSent the completion's bytes as a chat caller is to receive them
     */
    public static ChatAnswer read(JsonObject root, byte[] asSent) {
        List<AnswerChoice> choices = new ArrayList<>();
        for (JsonValue v : root.getJsonArray("choices")) {
            if (v instanceof JsonObject choice && choice.get("message") instanceof JsonObject message) {
                choices.add(new AnswerChoice(message(message),
                        Finish.ofChat(ChatDeltas.string(choice, "finish_reason", null))));
            }
        }
        long created = root.get("created") instanceof JsonNumber n ? n.longValue() : 0;
        return new ChatAnswer(ChatDeltas.string(root, "id", ""), created, choices,
                asSent == null ? null : new Sent(Sent.Dialect.CHAT, asSent));
    }

    private static AnswerMessage message(JsonObject m) {
        List<ToolCall> calls = new ArrayList<>();
        if (m.get("tool_calls") instanceof JsonArray array) {
            for (JsonValue v : array) {
                if (v instanceof JsonObject c && c.get("function") instanceof JsonObject f) {
                    String id = ChatDeltas.string(c, "id", "");
                    calls.add(new ToolCall(ToolCallIds.bare(id), ChatDeltas.string(f, "name", ""),
                            ChatDeltas.string(f, "arguments", ""), ToolCallIds.signatureOf(id)));
                }
            }
        }
        return new AnswerMessage(ChatDeltas.string(m, "content", ""), ChatDeltas.string(m, "refusal", ""),
                ChatDeltas.reasoning(m), ThinkingBlocks.of(ReasoningDetails.blocks(m)), calls);
    }

    /** The answer as a chat caller receives it: as the provider sent it, or written from the typed answer. */
    public static byte[] body(UpstreamReply.Completed reply) {
        ChatAnswer answer = reply.chat();
        byte[] sent = Sent.in(answer.sent(), Sent.Dialect.CHAT);
        return sent != null ? sent : JsonCodec.write(write(answer, reply.answeredModel(), reply.usage()));
    }

    static JsonObject write(ChatAnswer answer, String model, TokenUsage usage) {
        JsonArrayBuilder choices = JsonCodec.array();
        for (int i = 0; i < answer.choices().size(); i++) {
            AnswerChoice choice = answer.choices().get(i);
            choices.add(JsonCodec.object().add("index", i).add("message", message(choice.message()))
                    .add("finish_reason", choice.finish() == null ? JsonValue.NULL
                            : JsonCodec.value(choice.finish().chat())));
        }
        JsonObjectBuilder completion = JsonCodec.object()
                .add("id", answer.id().startsWith(ID_PREFIX) ? answer.id() : ID_PREFIX + answer.id())
                .add("object", "chat.completion").add("created", answer.created())
                .add("model", model == null ? "" : model).add("choices", choices);
        if (!TokenUsage.NONE.equals(usage)) {
            completion.add("usage", OpenAiUsage.json(usage));
        }
        return completion.build();
    }

    private static JsonObject message(AnswerMessage m) {
        JsonObjectBuilder message = JsonCodec.object().add("role", "assistant");
        if (m.text().isEmpty() && !m.toolCalls().isEmpty()) {
            message.addNull("content");
        } else {
            message.add("content", m.text());
        }
        if (!m.refusal().isEmpty()) {
            message.add("refusal", m.refusal());
        }
        if (!m.reasoning().isEmpty()) {
            message.add("reasoning_content", m.reasoning());
        }
        if (!m.thinking().isEmpty()) {
            message.add(ReasoningDetails.FIELD, ReasoningDetails.of(ThinkingBlocks.json(m.thinking())));
        }
        if (!m.toolCalls().isEmpty()) {
            message.add("tool_calls", toolCalls(m));
        }
        return message.build();
    }

    /**
     * The message's tool calls in chat's form, each id carrying its call's signature and the first Claude's thinking
     * blocks: what a caller of a dialect built on chat's hands back for the model to keep thinking through a tool
     * loop.
     */
    public static JsonArray toolCalls(AnswerMessage m) {
        JsonArrayBuilder calls = JsonCodec.array();
        for (int i = 0; i < m.toolCalls().size(); i++) {
            ToolCall call = m.toolCalls().get(i);
            calls.add(JsonCodec.object().add("id", ToolCallIds.forCaller(call.id(), call.signature(),
                            i == 0 ? m.thinking() : List.of()))
                    .add("type", "function").add("function", JsonCodec.object().add("name", call.name())
                            .add("arguments", call.arguments())));
        }
        return calls.build();
    }
}
