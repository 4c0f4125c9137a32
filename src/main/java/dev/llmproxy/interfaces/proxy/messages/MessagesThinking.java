package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.AskedReasoning;
import dev.llmproxy.domain.catalog.ReasoningEffort;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.Set;

/**
 * Anthropic's {@code thinking} in the chat form: stated as asked in {@code reasoning} (a budget, or adaptive thinking
 * with or without an effort), so that Claude gets what the caller wrote, and as a reasoning effort where a budget
 * names one, which other providers map onto their own controls (a thinking level). A budget is checked as Anthropic
 * checks it, so that a request that works here also works against Anthropic directly.
 */
final class MessagesThinking {

    private static final Set<String> EFFORTS = Set.of("low", "medium", "high", "max");

    private MessagesThinking() {
    }

    /** Adds the thinking asked for to {@code chat}; nothing when thinking is off or not mentioned. */
    static void add(JsonValue thinking, JsonValue outputConfig, int maxTokens, JsonObjectBuilder chat) {
        if (thinking == null || thinking.getValueType() == JsonValue.ValueType.NULL) {
            return;
        }
        if (!(thinking instanceof JsonObject t) || !(t.get("type") instanceof JsonString type)) {
            throw MessagesRequests.bad("thinking", "'thinking' must be an object with a 'type': enabled, adaptive "
                    + "or disabled.");
        }
        switch (type.getString()) {
            case "disabled" -> {
            }
            case "enabled" -> {
                long budget = budget(t.get("budget_tokens"), maxTokens);
                chat.add("reasoning_effort", ReasoningEffort.ofBudget(budget));
                chat.add(AskedReasoning.FIELD, JsonCodec.object().add("max_tokens", budget));
            }
            case "adaptive" -> {
                String effort = adaptive(outputConfig);
                chat.add(AskedReasoning.FIELD, effort == null ? JsonCodec.object().add("enabled", true)
                        : JsonCodec.object().add("effort", effort));
            }
            default -> throw MessagesRequests.bad("thinking.type", "'thinking.type' must be enabled, adaptive or "
                    + "disabled.");
        }
    }

    private static long budget(JsonValue value, int maxTokens) {
        if (!(value instanceof JsonNumber n) || !n.isIntegral() || n.longValue() < 1024) {
            throw MessagesRequests.bad("thinking.budget_tokens", "'thinking.budget_tokens' must be a whole number of "
                    + "at least 1024.");
        }
        long budget = n.longValue();
        if (budget >= maxTokens) {
            throw MessagesRequests.bad("max_tokens", "'max_tokens' must be greater than 'thinking.budget_tokens'.");
        }
        return budget;
    }

    private static String adaptive(JsonValue outputConfig) {
        if (outputConfig instanceof JsonObject o && o.get("effort") instanceof JsonString e) {
            if (!EFFORTS.contains(e.getString())) {
                throw MessagesRequests.bad("output_config.effort", "'output_config.effort' must be low, medium, "
                        + "high or max.");
            }
            return e.getString();
        }
        return null; // the model's own measure
    }
}
