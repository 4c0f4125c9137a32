package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatAnswers;
import dev.llmproxy.application.proxy.OpenAiUsage;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

/**
 * Checks that a 2xx body is a complete chat completion and reads it, once, into the typed answer (keeping the bytes
 * for a chat caller): a body cut short or not a completion is a failed attempt, never a 200 with partial content.
 */
public final class CompletionParser {

    private CompletionParser() {
    }

    public static UpstreamReply parse(byte[] body, String upstreamModel) {
        JsonObject root = AnswerBody.object(body);
        if (root == null) {
            return AnswerBody.unreadable(body);
        }
        UpstreamReply inBand = AnswerBody.inBandError(root, "choices");
        if (inBand != null) {
            return inBand;
        }
        if (!(root.get("choices") instanceof JsonArray choices) || choices.isEmpty()
                || !(choices.get(0) instanceof JsonObject first)) {
            return malformed("no choices");
        }
        if (!(first.get("message") instanceof JsonObject)) {
            return malformed("choices[0] has no message");
        }
        Finish finish = Finish.ofChat(first.get("finish_reason") instanceof JsonString s ? s.getString() : null);
        TokenUsage usage = root.get("usage") instanceof JsonObject u ? OpenAiUsage.read(u) : TokenUsage.NONE;
        if (root.get("model") instanceof JsonString model && !model.getString().isBlank()) {
            return new UpstreamReply.Completed(ChatAnswers.read(root, body), model.getString(), finish, usage);
        }
        // The body must name the model that answered.
        JsonObject withModel = JsonCodec.object(root).add("model", upstreamModel).build();
        return new UpstreamReply.Completed(ChatAnswers.read(withModel, JsonCodec.write(withModel)), upstreamModel,
                finish, usage);
    }

    private static UpstreamReply malformed(String detail) {
        return AnswerBody.malformed(detail);
    }
}
