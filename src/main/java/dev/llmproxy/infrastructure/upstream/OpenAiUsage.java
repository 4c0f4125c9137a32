package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/** Usage as an OpenAI body says it, for answers translated from a provider's own format. */
public final class OpenAiUsage {

    private OpenAiUsage() {
    }

    /**
     * The {@code usage} object: the counts known, cached prompt and reasoning tokens in their details, and prompt
     * tokens written to the cache as {@code prompt_tokens_details.cache_write_tokens} (OpenRouter's name for them).
     */
    public static JsonObject json(TokenUsage u) {
        JsonObjectBuilder b = JsonCodec.object();
        put(b, "prompt_tokens", u.promptTokens());
        put(b, "completion_tokens", u.completionTokens());
        put(b, "total_tokens", u.totalTokens());
        if (u.cachedPromptTokens() != null || u.cacheWriteTokens() != null) {
            JsonObjectBuilder details = JsonCodec.object();
            put(details, "cached_tokens", u.cachedPromptTokens());
            put(details, "cache_write_tokens", u.cacheWriteTokens());
            b.add("prompt_tokens_details", details);
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
}
