package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;

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

    private static Integer count(JsonObject o, String key) {
        return o.get(key) instanceof JsonNumber n ? n.intValue() : null;
    }
}
