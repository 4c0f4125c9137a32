package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.answer.AnswerChoice;
import dev.llmproxy.domain.answer.AnswerMessage;
import dev.llmproxy.domain.answer.ChatAnswer;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole {@code generateContent} answer, typed, one choice per candidate. A refused prompt or answer (a 200 from
 * Gemini) is a content refusal, a 400 the outcome table stops on; an unusable answer is a failed attempt.
 */
final class GeminiAnswers {

    private GeminiAnswers() {
    }

    static UpstreamReply completion(UpstreamCall call, byte[] body, Clock clock) {
        return GeminiErrors.answered(call, body, clock, root -> completion(call, root, clock));
    }

    private static UpstreamReply completion(UpstreamCall call, JsonObject root, Clock clock) {
        String model = root.get("modelVersion") instanceof JsonString v && !v.getString().isBlank()
                ? v.getString() : GeminiThinking.bare(call.model().upstreamModel());
        if (!(root.get("candidates") instanceof JsonArray candidates) || candidates.isEmpty()) {
            String blocked = blockReason(root);
            return blocked != null ? refusal(call, "the prompt was blocked (" + blocked + ")")
                    : malformed("no candidates");
        }
        List<AnswerChoice> choices = new ArrayList<>();
        Finish firstFinish = null;
        for (int i = 0; i < candidates.size(); i++) {
            if (!(candidates.get(i) instanceof JsonObject candidate)) {
                return malformed("candidate " + i + " is not an object");
            }
            GeminiParts parts = GeminiParts.of(candidate);
            GeminiFinish finish = GeminiFinish.of(parts.finishReason());
            if (finish == GeminiFinish.REFUSED) {
                return refusal(call, "the answer was stopped (" + parts.finishReason() + ")");
            }
            if (finish == GeminiFinish.MALFORMED || (finish == GeminiFinish.NONE && parts.isEmpty())) {
                return malformed("finishReason " + parts.finishReason());
            }
            Finish reason = finish.finished(!parts.toolCalls().isEmpty());
            firstFinish = firstFinish == null ? reason : firstFinish;
            AnswerMessage message = new AnswerMessage(parts.text(), "", parts.thoughts(), List.of(), parts.toolCalls());
            choices.add(new AnswerChoice(message, reason));
        }
        TokenUsage usage = GeminiUsage.of(root.get("usageMetadata") instanceof JsonObject u ? u : null);
        String id = root.get("responseId") instanceof JsonString r ? r.getString() : call.requestId();
        return new UpstreamReply.Completed(new ChatAnswer(id, clock.instant().getEpochSecond(), choices, null), model,
                firstFinish, usage);
    }

    /** {@code promptFeedback.blockReason}, or null. */
    static String blockReason(JsonObject root) {
        return root.get("promptFeedback") instanceof JsonObject f && f.get("blockReason") instanceof JsonString r
                ? r.getString() : null;
    }

    static UpstreamReply.HttpError refusal(UpstreamCall call, String why) {
        return HttpReplies.httpError(call, 400, null, HttpReplies.REFUSAL + why);
    }

    private static UpstreamReply malformed(String detail) {
        return AnswerBody.malformed(detail);
    }
}
