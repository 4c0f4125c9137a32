package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.proxy.ThinkingBlocks;
import dev.llmproxy.domain.answer.AnswerChoice;
import dev.llmproxy.domain.answer.AnswerMessage;
import dev.llmproxy.domain.answer.ChatAnswer;
import dev.llmproxy.domain.answer.Sent;
import dev.llmproxy.domain.conversation.Thinking;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole Messages answer, typed: text blocks to the text, thinking to the reasoning (never into the text) and the
 * signed blocks as they were, {@code tool_use} to tool calls, the stop reason to a finish reason, and usage with the
 * cache reads as cached prompt tokens. A refusal is the content-policy refusal.
 */
final class AnthropicAnswers {

    /** A refusal, said as every kind says one ({@link HttpReplies#REFUSAL}). */
    static final String REFUSAL_SAID = HttpReplies.REFUSAL + "the model declined to answer";

    private AnthropicAnswers() {
    }

    static UpstreamReply completion(UpstreamCall call, byte[] body, Clock clock) {
        JsonObject root = AnswerBody.object(body);
        if (root == null) {
            return AnswerBody.unreadable(body);
        }
        if ("error".equals(root.getString("type", "")) && root.get("error") instanceof JsonObject) {
            return AnthropicErrors.read(call, 502, null, body);
        }
        return completion(call, root, clock, new Sent(Sent.Dialect.MESSAGES, body));
    }

    /**
     * A Messages answer already read (or built from another API's answer that carries the same blocks).
     *
     * @param sent the answer as Claude sent it, for a Messages caller to receive unchanged; null when it was built
     */
    static UpstreamReply completion(UpstreamCall call, JsonObject root, Clock clock, Sent sent) {
        if (!(root.get("content") instanceof JsonArray content)) {
            return AnswerBody.malformed("no content");
        }
        String stop = root.get("stop_reason") instanceof JsonString s ? s.getString() : null;
        if (finish(stop) == Finish.REFUSAL) {
            return HttpReplies.httpError(call, 400, null, REFUSAL_SAID);
        }
        StringBuilder text = new StringBuilder();
        StringBuilder thinking = new StringBuilder();
        List<ToolCall> calls = new ArrayList<>();
        List<Thinking> signed = new ArrayList<>();
        for (JsonValue v : content) {
            if (!(v instanceof JsonObject block)) {
                continue;
            }
            if (CarriedThinking.isThinking(block)) {
                signed.add(ThinkingBlocks.block(block));
            }
            switch (block.getString("type", "")) {
                case "text" -> text.append(block.getString("text", ""));
                case "thinking" -> thinking.append(block.getString("thinking", ""));
                case "tool_use" -> calls.add(new ToolCall(AnthropicIds.fromAnthropic(block.getString("id", "")),
                        block.getString("name", ""),
                        block.get("input") instanceof JsonObject in ? in.toString() : "{}"));
                default -> {
                    // redacted thinking is among the signed blocks; server blocks carry nothing a caller hands back
                }
            }
        }
        if (stop == null && text.isEmpty() && calls.isEmpty()) {
            return AnswerBody.malformed("no stop reason and no content");
        }
        Finish finish = finish(stop);
        AnswerMessage message = new AnswerMessage(text.toString(), "", thinking.toString(),
                signed, calls);
        TokenUsage usage = usage(root.get("usage") instanceof JsonObject u ? u : JsonValue.EMPTY_JSON_OBJECT);
        String model = root.getString("model", call.model().upstreamModel());
        ChatAnswer answer = new ChatAnswer(root.getString("id", call.requestId()), clock.instant().getEpochSecond(),
                List.of(new AnswerChoice(message, finish)), sent);
        return new UpstreamReply.Completed(answer, model, finish, usage);
    }

    /** What Anthropic's stop reason says (plain and streamed answers alike). */
    static Finish finish(String stop) {
        if (stop == null) {
            return Finish.STOP;
        }
        return switch (stop) {
            case "max_tokens", "model_context_window_exceeded" -> Finish.LENGTH;
            case "tool_use" -> Finish.TOOL_CALLS;
            case "refusal" -> Finish.REFUSAL;
            default -> Finish.STOP; // end_turn, stop_sequence, pause_turn
        };
    }

    /**
     * Anthropic's usage in OpenAI's terms: its {@code input_tokens} leave out what was written to or read from the
     * cache, so the prompt is all three, of which the reads are the cached part and the writes are priced apart.
     */
    static TokenUsage usage(JsonObject u) {
        Integer input = count(u, "input_tokens");
        Integer written = count(u, "cache_creation_input_tokens");
        Integer read = count(u, "cache_read_input_tokens");
        Integer output = count(u, "output_tokens");
        Integer prompt = input == null ? null : input + (written == null ? 0 : written) + (read == null ? 0 : read);
        Integer total = prompt == null || output == null ? null : prompt + output;
        return new TokenUsage(prompt, output, total, null, read, written);
    }

    private static Integer count(JsonObject o, String key) {
        return o.get(key) instanceof JsonNumber n ? n.intValue() : null;
    }
}
