package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/**
 * Gemini's {@code usageMetadata} in OpenAI's terms. Gemini counts the answer ({@code candidatesTokenCount}) apart
 * from the thoughts ({@code thoughtsTokenCount}); both are billed as output, so both are completion tokens, and the
 * thoughts are also the reasoning tokens.
 */
final class GeminiUsage {

    private GeminiUsage() {
    }

    static TokenUsage of(JsonObject metadata) {
        if (metadata == null) {
            return TokenUsage.NONE;
        }
        Integer prompt = count(metadata, "promptTokenCount");
        Integer candidates = count(metadata, "candidatesTokenCount");
        Integer thoughts = count(metadata, "thoughtsTokenCount");
        Integer completion = candidates == null ? null : candidates + (thoughts == null ? 0 : thoughts);
        Integer total = count(metadata, "totalTokenCount");
        return new TokenUsage(prompt, completion, total, thoughts, count(metadata, "cachedContentTokenCount"));
    }

    /** The usage object of an OpenAI body. */
    static JsonObject json(TokenUsage u) {
        JsonObjectBuilder b = JsonCodec.object();
        put(b, "prompt_tokens", u.promptTokens());
        put(b, "completion_tokens", u.completionTokens());
        put(b, "total_tokens", u.totalTokens());
        if (u.cachedPromptTokens() != null) {
            b.add("prompt_tokens_details", JsonCodec.object().add("cached_tokens", u.cachedPromptTokens()));
        }
        if (u.reasoningTokens() != null) {
            b.add("completion_tokens_details", JsonCodec.object().add("reasoning_tokens", u.reasoningTokens()));
        }
        return b.build();
    }

    private static void put(JsonObjectBuilder b, String key, Integer value) {
        if (value != null) {
            b.add(key, value);
        }
    }

    private static Integer count(JsonObject o, String key) {
        return o.get(key) instanceof JsonNumber n ? n.intValue() : null;
    }
}
