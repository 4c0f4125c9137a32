package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.ReasoningEffort;
import dev.llmproxy.domain.failure.ProxyException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * The thinking a request asks for. OpenAI's {@code reasoning_effort} names an effort and leaves the rest to the
 * proxy; OpenRouter's {@code reasoning} object ({@code max_tokens}, {@code effort}, {@code enabled}) states it as
 * Claude takes it, a token budget or thinking of the model's own measure. The Messages front door writes a
 * caller's {@code thinking} in that form, so that a Claude model gets the budget or the adaptive thinking the caller
 * asked for, translated only for a model that takes the other form; a provider that knows neither gets the effort.
 *
 * @param budget the thinking tokens stated, or null
 * @param effort the effort named ({@code reasoning.effort}, else {@code reasoning_effort}), or null
 * @param stated whether the thinking was stated in {@code reasoning}: then the caller's output allowance holds it
 */
public record AskedReasoning(Integer budget, String effort, boolean stated) {

    public static final String FIELD = "reasoning";
    public static final AskedReasoning NONE = new AskedReasoning(null, null, false);

    /**
     * What {@code chat} asks for, {@code modelEffort} (the allowlist's default) when it asks nothing.
     *
     * @throws ProxyException a 400 naming the part of {@code reasoning} that is malformed
     */
    public static AskedReasoning of(JsonObject chat, String modelEffort) {
        String effort = chat.get("reasoning_effort") instanceof JsonString e ? e.getString() : modelEffort;
        JsonValue value = chat.get(FIELD);
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return effort == null ? NONE : new AskedReasoning(null, effort, false);
        }
        if (!(value instanceof JsonObject r)) {
            throw bad(FIELD, "'reasoning' must be an object: max_tokens, effort, enabled.");
        }
        if (r.get("enabled") == JsonValue.FALSE || "none".equals(r.getString("effort", null))) {
            return NONE;
        }
        Integer budget = null;
        if (r.containsKey("max_tokens")) {
            if (!(r.get("max_tokens") instanceof JsonNumber n) || !n.isIntegral() || n.longValue() < 1) {
                throw bad("reasoning.max_tokens", "'reasoning.max_tokens' must be a whole number of at least 1.");
            }
            budget = (int) Math.min(ReasoningEffort.MAX_HEADROOM, n.longValue());
        }
        if (r.containsKey("effort")) {
            if (!(r.get("effort") instanceof JsonString e && ReasoningEffort.ALL.contains(e.getString()))) {
                throw bad("reasoning.effort", "'reasoning.effort' must be one of " + ReasoningEffort.listed() + ".");
            }
            effort = e.getString();
        } else if (!chat.containsKey("reasoning_effort")) {
            effort = null; // thinking of the model's own measure, not the allowlist's default effort
        }
        return new AskedReasoning(budget, effort, true);
    }

    /** Checks a caller's {@code reasoning} as {@link #of} reads it. */
    public static void check(JsonObject chat) {
        of(chat, null);
    }

    /**
     * {@code chat} for a provider that knows only OpenAI's {@code reasoning_effort}: without {@code reasoning}, its
     * effort named there when the caller named none; the same object when it has no {@code reasoning}.
     */
    public static JsonObject asEffort(JsonObject chat) {
        if (!chat.containsKey(FIELD)) {
            return chat;
        }
        var out = JsonCodec.object(chat).remove(FIELD);
        if (!chat.containsKey("reasoning_effort") && chat.get(FIELD) instanceof JsonObject r
                && r.get("effort") instanceof JsonString e) {
            out.add("reasoning_effort", e);
        }
        return out.build();
    }

    private static ProxyException bad(String param, String message) {
        return CallerBody.bad(param, message);
    }
}
