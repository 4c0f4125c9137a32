package dev.llmproxy.interfaces.proxy.messages;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.Set;

/**
 * Anthropic's {@code thinking} as the proxy's reasoning effort, which each provider's client maps onto its own
 * controls (a token budget, a thinking level). A budget is checked as Anthropic checks it, so that a request that
 * works here also works against Anthropic directly.
 */
final class MessagesThinking {

    /** Budgets up to these many tokens ask for low, then medium thinking; above, high. */
    static final int LOW_UP_TO = 4_096;
    static final int MEDIUM_UP_TO = 16_384;
    private static final Set<String> EFFORTS = Set.of("low", "medium", "high", "max");

    private MessagesThinking() {
    }

    /** The reasoning effort asked for, or null when thinking is off or not mentioned. */
    static String effort(JsonValue thinking, JsonValue outputConfig, int maxTokens) {
        if (thinking == null || thinking.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        if (!(thinking instanceof JsonObject t) || !(t.get("type") instanceof JsonString type)) {
            throw MessagesRequests.bad("thinking", "'thinking' must be an object with a 'type': enabled, adaptive "
                    + "or disabled.");
        }
        return switch (type.getString()) {
            case "disabled" -> null;
            case "enabled" -> budget(t.get("budget_tokens"), maxTokens);
            case "adaptive" -> adaptive(outputConfig);
            default -> throw MessagesRequests.bad("thinking.type", "'thinking.type' must be enabled, adaptive or "
                    + "disabled.");
        };
    }

    private static String budget(JsonValue value, int maxTokens) {
        if (!(value instanceof JsonNumber n) || !n.isIntegral() || n.longValue() < 1024) {
            throw MessagesRequests.bad("thinking.budget_tokens", "'thinking.budget_tokens' must be a whole number of "
                    + "at least 1024.");
        }
        long budget = n.longValue();
        if (budget >= maxTokens) {
            throw MessagesRequests.bad("max_tokens", "'max_tokens' must be greater than 'thinking.budget_tokens'.");
        }
        return budget <= LOW_UP_TO ? "low" : budget <= MEDIUM_UP_TO ? "medium" : "high";
    }

    private static String adaptive(JsonValue outputConfig) {
        if (outputConfig instanceof JsonObject o && o.get("effort") instanceof JsonString e) {
            if (!EFFORTS.contains(e.getString())) {
                throw MessagesRequests.bad("output_config.effort", "'output_config.effort' must be low, medium, "
                        + "high or max.");
            }
            return e.getString();
        }
        return "medium";
    }
}
