package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.OpenAiUsage;
import dev.llmproxy.application.proxy.ReasoningDetails;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/** What one {@code data:} event of an OpenAI-compatible stream says, read without any state of the stream. */
sealed interface StreamChunk {

    /** Not a JSON object: skipped and counted, never relayed. */
    record Malformed() implements StreamChunk { }

    /** An {@code error} object in place of a chunk. */
    record Error(JsonObject error) implements StreamChunk { }

    /**
     * A chunk; every field may be absent. {@code delta} is null when the chunk has no choice (a usage-only chunk),
     * {@code text} is the delta's content or empty; {@code logprobs} and {@code fingerprint} are relayed as they came.
     */
    record Chunk(String id, String model, TokenUsage usage, JsonObject delta, String text, String finishReason,
                 JsonValue logprobs, String fingerprint) implements StreamChunk {

        /** Whether the delta shows the caller something: text, a tool call, reasoning or a refusal. */
        boolean carriesContent() {
            return !text.isEmpty() || carriesToolCall() || nonEmpty(delta, "reasoning")
                    || nonEmpty(delta, "reasoning_content") || nonEmpty(delta, "refusal")
                    || ReasoningDetails.present(delta);
        }

        /** Whether the delta is part of a tool call ({@code tool_calls}, or the legacy {@code function_call}). */
        boolean carriesToolCall() {
            return delta.containsKey("tool_calls") || delta.containsKey("function_call");
        }

        private static boolean nonEmpty(JsonObject o, String key) {
            return o.get(key) instanceof JsonString s && !s.getString().isEmpty();
        }
    }

    static StreamChunk read(String data) {
        try {
            return JsonCodec.read(data) instanceof JsonObject chunk ? of(chunk) : new Malformed();
        } catch (JsonException e) {
            return new Malformed();
        }
    }

    /** A chunk already read (or built by a wire from its provider's event). */
    static StreamChunk of(JsonObject chunk) {
        if (chunk.get("error") instanceof JsonObject error) {
            return new Error(error);
        }
        String id = chunk.get("id") instanceof JsonString s ? s.getString() : null;
        String model = chunk.get("model") instanceof JsonString m && !m.getString().isBlank() ? m.getString() : null;
        TokenUsage usage = chunk.get("usage") instanceof JsonObject u ? OpenAiUsage.read(u) : null;
        if (!(chunk.get("choices") instanceof JsonArray choices) || choices.isEmpty()
                || !(choices.get(0) instanceof JsonObject choice)) {
            return new Chunk(id, model, usage, null, "", null, null, null);
        }
        JsonObject delta = choice.get("delta") instanceof JsonObject d ? d : JsonValue.EMPTY_JSON_OBJECT;
        String finish = choice.get("finish_reason") instanceof JsonString f ? f.getString() : null;
        String text = delta.get("content") instanceof JsonString c ? c.getString() : "";
        JsonValue logprobs = choice.get("logprobs");
        String fingerprint = chunk.get("system_fingerprint") instanceof JsonString f ? f.getString() : null;
        return new Chunk(id, model, usage, delta, text, finish,
                logprobs == null || logprobs.getValueType() == JsonValue.ValueType.NULL ? null : logprobs, fingerprint);
    }
}
