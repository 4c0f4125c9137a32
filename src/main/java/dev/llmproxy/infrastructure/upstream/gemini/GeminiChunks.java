package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.routing.OutcomeClassifier;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import dev.llmproxy.application.proxy.OpenAiUsage;
import dev.llmproxy.infrastructure.upstream.ChatWire;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;


/**
 * One Gemini stream ({@code streamGenerateContent?alt=sse}) as OpenAI chunks. Every Gemini event is a whole response
 * holding only the new parts; there is no {@code [DONE]}: the chunk with a finish reason ends the answer, and a body
 * that ends without one was cut (the streaming attempt already reads it that way). An {@code error} event is passed
 * on as one, and a refusal ({@link GeminiFinish}, the table the whole answers use too) finishes the answer as
 * OpenAI's does ({@code content_filter}).
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
        if (event.get("error") instanceof JsonObject) {
            out.chunk(event); // an error event, read as the relay reads every one
            return;
        }
        String model = event.get("modelVersion") instanceof JsonString v ? v.getString() : requestedModel;
        TokenUsage usage = GeminiUsage.of(event.get("usageMetadata") instanceof JsonObject u ? u : null);
        if (!(event.get("candidates") instanceof JsonArray candidates) || candidates.isEmpty()
                || !(candidates.get(0) instanceof JsonObject candidate)) {
            String blocked = GeminiAnswers.blockReason(event);
            if (blocked != null) {
                out.text(HttpReplies.refusalEvent("the prompt was blocked (" + blocked + ")"));
            } else if (usage != TokenUsage.NONE) {
                out.chunk(chunk(event, model, null, null, usage));
            }
            return;
        }
        GeminiParts parts = GeminiParts.of(candidate);
        GeminiFinish finish = GeminiFinish.of(parts.finishReason());
        String finishReason = null;
        switch (finish) {
            case REFUSED -> finishReason = OutcomeClassifier.CONTENT_FILTER;
            case MALFORMED -> {
                out.chunk(error(502, "the model's answer was unusable (finishReason " + parts.finishReason() + ")"));
                return;
            }
            case NONE -> { }
            default -> finishReason = finish.openAi(toolCalls > 0 || !parts.toolCalls().isEmpty());
        }
        out.chunk(chunk(event, model, delta(parts), finishReason, usage));
    }

    private JsonObject delta(GeminiParts parts) {
        JsonObjectBuilder delta = JsonCodec.object();
        if (!parts.text().isEmpty()) {
            delta.add("content", parts.text());
        }
        if (!parts.thoughts().isEmpty()) {
            delta.add("reasoning_content", parts.thoughts());
        }
        if (!parts.toolCalls().isEmpty()) {
            JsonArrayBuilder calls = JsonCodec.array();
            for (ToolCall call : parts.toolCalls()) {
                calls.add(JsonCodec.object().add("id", call.id()).add("type", "function")
                        .add("function", JsonCodec.object().add("name", call.name()).add("arguments", call.arguments()))
                        .add("index", toolCalls++));
            }
            delta.add("tool_calls", calls);
        }
        return delta.build();
    }

    private static JsonObject chunk(JsonObject event, String model, JsonObject delta, String finishReason, TokenUsage usage) {
        JsonObjectBuilder chunk = JsonCodec.object().add("object", "chat.completion.chunk").add("model", model);
        if (event.get("responseId") instanceof JsonString id) {
            chunk.add("id", "chatcmpl-" + id.getString());
        }
        JsonArrayBuilder choices = JsonCodec.array();
        if (delta != null) {
            JsonObjectBuilder choice = JsonCodec.object().add("index", 0).add("delta", delta);
            if (finishReason == null) {
                choice.addNull("finish_reason");
            } else {
                choice.add("finish_reason", finishReason);
            }
            choices.add(choice);
        }
        chunk.add("choices", choices);
        if (usage != TokenUsage.NONE) {
            chunk.add("usage", OpenAiUsage.json(usage));
        }
        return chunk.build();
    }

    private static JsonObject error(int code, String message) {
        return JsonCodec.object().add("error", JsonCodec.object().add("code", code).add("message", message)).build();
    }
}
