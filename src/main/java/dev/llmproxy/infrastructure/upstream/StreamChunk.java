package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatDeltas;
import dev.llmproxy.application.proxy.OpenAiUsage;
import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.streaming.DeltaParts;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * What one event of a provider's stream says, typed, without any state of the stream: read from an
 * OpenAI-compatible {@code data:} event, or built by a provider's wire from its own event.
 */
public sealed interface StreamChunk {

    /** Not a JSON object: skipped and counted, never relayed. */
    record Malformed() implements StreamChunk { }

    /** An {@code error} object in place of a chunk: {@code message}, and {@code code} for the status it names. */
    record Error(JsonObject error) implements StreamChunk { }

    /**
     * A chunk; every field may be absent. {@code choice} is false when the chunk has no choice (a usage-only chunk);
     * {@code text} is the content it adds or ""; {@code fingerprint} is relayed as it came; {@code chatChoice} is the
     * choice's JSON text as an OpenAI-compatible provider sent it, kept for a chat caller, else null.
     */
    record Chunk(String id, String model, TokenUsage usage, boolean choice, String text, DeltaParts parts,
                 Finish finish, String fingerprint, String chatChoice) implements StreamChunk {

        /** Whether it shows the caller something: text, a tool call, reasoning, a refusal or thinking's end. */
        boolean carriesContent() {
            return !text.isEmpty() || parts.any();
        }
    }

    /** A piece of the answer a wire read from its provider's event, with what the answer cost so far or null. */
    static Chunk delta(String id, String model, TokenUsage usage, String text, DeltaParts parts, Finish finish) {
        return new Chunk(id, model, usage, true, text, parts, finish, null, null);
    }

    /** What the answer cost, said without content. */
    static Chunk usage(String id, String model, TokenUsage usage) {
        return new Chunk(id, model, usage, false, "", DeltaParts.NONE, null, null, null);
    }

    /** An error event, with the status it stands for. */
    static Error error(int code, String message) {
        return new Error(JsonCodec.object().add("code", code).add("message", message).build());
    }

    /** @param keepChoice whether to keep the choice as it came, for a chat caller */
    static StreamChunk read(String data, boolean keepChoice) {
        try {
            return JsonCodec.read(data) instanceof JsonObject chunk ? of(chunk, keepChoice) : new Malformed();
        } catch (JsonException e) {
            return new Malformed();
        }
    }

    /** An OpenAI-compatible chunk, already parsed. */
    static StreamChunk of(JsonObject chunk, boolean keepChoice) {
        if (chunk.get("error") instanceof JsonObject error) {
            return new Error(error);
        }
        String id = chunk.get("id") instanceof JsonString s ? s.getString() : null;
        String model = chunk.get("model") instanceof JsonString m && !m.getString().isBlank() ? m.getString() : null;
        TokenUsage usage = chunk.get("usage") instanceof JsonObject u ? OpenAiUsage.read(u) : null;
        if (!(chunk.get("choices") instanceof JsonArray choices) || choices.isEmpty()
                || !(choices.get(0) instanceof JsonObject choice)) {
            return usage(id, model, usage);
        }
        JsonObject delta = choice.get("delta") instanceof JsonObject d ? d : JsonValue.EMPTY_JSON_OBJECT;
        Finish finish = Finish.ofChat(choice.get("finish_reason") instanceof JsonString f ? f.getString() : null);
        String text = delta.get("content") instanceof JsonString c ? c.getString() : "";
        String fingerprint = chunk.get("system_fingerprint") instanceof JsonString f ? f.getString() : null;
        return new Chunk(id, model, usage, true, text, ChatDeltas.parts(delta), finish, fingerprint,
                keepChoice ? JsonCodec.writeText(choice) : null);
    }
}
