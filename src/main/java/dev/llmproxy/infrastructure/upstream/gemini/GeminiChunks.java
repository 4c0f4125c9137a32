package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.streaming.DeltaParts;
import dev.llmproxy.domain.streaming.ToolFragment;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.infrastructure.upstream.ChatWire;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.infrastructure.upstream.StreamChunk;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

import java.util.ArrayList;
import java.util.List;

/**
 * One Gemini stream ({@code streamGenerateContent?alt=sse}), read. Every Gemini event is a whole response
 * holding only the new parts; there is no {@code [DONE]}: the chunk with a finish reason ends the answer, and a body
 * that ends without one was cut (the streaming attempt already reads it that way). An {@code error} event is passed
 * on as one, and a refusal ({@link GeminiFinish}, the table the whole answers use too) finishes the answer with a
 * filter's {@link dev.llmproxy.domain.answer.Finish}, as OpenAI's does.
 */
final class GeminiChunks implements ChatWire.StreamEvents {

    private final String requestedModel;
    private int toolCalls;

    GeminiChunks(String requestedModel) {
        this.requestedModel = requestedModel;
    }

    @Override
    public void translate(String data, ChatWire.Chunks out) {
        JsonObject event = AnswerBody.object(data);
        if (event == null) {
            out.text(data); // not an object: counted as malformed downstream
            return;
        }
        if (event.get("error") instanceof JsonObject error) {
            out.chunk(new StreamChunk.Error(error)); // an error event, read as the relay reads every one
            return;
        }
        String model = event.get("modelVersion") instanceof JsonString v ? v.getString() : requestedModel;
        String id = event.get("responseId") instanceof JsonString r ? r.getString() : null;
        TokenUsage usage = GeminiUsage.of(event.get("usageMetadata") instanceof JsonObject u ? u : null);
        if (!(event.get("candidates") instanceof JsonArray candidates) || candidates.isEmpty()
                || !(candidates.get(0) instanceof JsonObject candidate)) {
            String blocked = GeminiAnswers.blockReason(event);
            if (blocked != null) {
                out.text(HttpReplies.refusalEvent("the prompt was blocked (" + blocked + ")"));
            } else if (usage != TokenUsage.NONE) {
                out.chunk(StreamChunk.usage(id, model, usage));
            }
            return;
        }
        GeminiParts parts = GeminiParts.of(candidate);
        GeminiFinish finish = GeminiFinish.of(parts.finishReason());
        Finish finished = null;
        switch (finish) {
            case REFUSED -> finished = Finish.CONTENT_FILTER;
            case MALFORMED -> {
                out.chunk(StreamChunk.error(502, "the model's answer was unusable (finishReason "
                        + parts.finishReason() + ")"));
                return;
            }
            case NONE -> { }
            default -> finished = finish.finished(toolCalls > 0 || !parts.toolCalls().isEmpty());
        }
        DeltaParts typed = new DeltaParts(parts.thoughts(), "", fragments(parts), null, null, -1);
        out.chunk(StreamChunk.delta(id, model, usage == TokenUsage.NONE ? null : usage, parts.text(), typed,
                finished));
    }

    /** Each call whole, numbered across the stream, with the signature Gemini wants back with it. */
    private List<ToolFragment> fragments(GeminiParts parts) {
        List<ToolFragment> calls = new ArrayList<>();
        for (ToolCall call : parts.toolCalls()) {
            calls.add(new ToolFragment(toolCalls++, call.id(), call.name(), call.arguments(), call.signature(),
                    List.of()));
        }
        return calls;
    }
}
