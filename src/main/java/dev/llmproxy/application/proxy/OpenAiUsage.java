package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/** Usage as an OpenAI body says it: read from chat answers and chunks, written for answers translated into chat. */
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

    /** The counts a {@code usage} object holds; those it lacks are null. */
    public static TokenUsage read(JsonObject u) {
        Integer reasoning = u.get("completion_tokens_details") instanceof JsonObject d ? count(d, "reasoning_tokens") : null;
        JsonObject prompt = u.get("prompt_tokens_details") instanceof JsonObject p ? p : null;
        return new TokenUsage(count(u, "prompt_tokens"), count(u, "completion_tokens"), count(u, "total_tokens"),
                reasoning, prompt == null ? null : count(prompt, "cached_tokens"),
                prompt == null ? null : count(prompt, "cache_write_tokens"));
    }

    private static Integer count(JsonObject o, String key) {
        return o.get(key) instanceof JsonNumber n ? n.intValue() : null;
    }

    private static void put(JsonObjectBuilder b, String key, Integer value) {
        if (value != null) {
            b.add(key, value);
        }
    }
}
