package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

/**
 * Checks that a 2xx body is a complete chat completion: a body cut short or not a completion is a failed attempt,
 * never a 200 with partial content.
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
        String finishReason = first.get("finish_reason") instanceof JsonString s ? s.getString() : null;
        TokenUsage usage = root.get("usage") instanceof JsonObject u ? usage(u) : TokenUsage.NONE;
        if (root.get("model") instanceof JsonString model && !model.getString().isBlank()) {
            return new UpstreamReply.Completed(body, model.getString(), finishReason, usage);
        }
        // The body must name the model that answered.
        JsonObject withModel = JsonCodec.object(root).add("model", upstreamModel).build();
        return new UpstreamReply.Completed(JsonCodec.write(withModel), upstreamModel, finishReason, usage);
    }

    static TokenUsage usage(JsonObject u) {
        Integer reasoning = u.get("completion_tokens_details") instanceof JsonObject d ? intOrNull(d, "reasoning_tokens") : null;
        JsonObject prompt = u.get("prompt_tokens_details") instanceof JsonObject p ? p : null;
        return new TokenUsage(intOrNull(u, "prompt_tokens"), intOrNull(u, "completion_tokens"),
                intOrNull(u, "total_tokens"), reasoning, prompt == null ? null : intOrNull(prompt, "cached_tokens"),
                prompt == null ? null : intOrNull(prompt, "cache_write_tokens"));
    }

    /** The first choice's message of a completion already checked by {@link #parse}, or null. */
    public static JsonObject firstMessage(byte[] completion) {
        if (JsonCodec.read(completion) instanceof JsonObject root && root.get("choices") instanceof JsonArray choices
                && !choices.isEmpty() && choices.get(0) instanceof JsonObject first
                && first.get("message") instanceof JsonObject message) {
            return message;
        }
        return null;
    }

    private static Integer intOrNull(JsonObject o, String key) {
        return o.get(key) instanceof JsonNumber n ? n.intValue() : null;
    }

    private static UpstreamReply malformed(String detail) {
        return AnswerBody.malformed(detail);
    }
}
