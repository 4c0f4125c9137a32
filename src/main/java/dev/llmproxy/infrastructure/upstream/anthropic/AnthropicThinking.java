package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.AskedReasoning;
import dev.llmproxy.domain.catalog.ReasoningEffort;
import jakarta.json.JsonObject;

/**
 * How a Claude model is told how much to think, by its version ({@link ClaudeVersion}): Claude 3.7
 * to 4.5 take a token budget ({@code thinking.budget_tokens}, at least Anthropic's minimum of 1,024), Claude 4.6 and
 * later take {@code {type: "adaptive"}} with an effort (4.7 and later refuse a budget), and older models no thinking
 * at all. Since thinking counts against the output allowance ({@code max_tokens}), an effort's budget is added to
 * it, unless the thinking was stated within it. No effort, {@code none} and {@code minimal} ask no thinking.
 */
final class AnthropicThinking {

    /** Anthropic's smallest thinking budget. */
    static final int MINIMUM_BUDGET = 1024;

    /** The model's rule. */
    enum Form { NONE, BUDGET, ADAPTIVE }

    /**
     * What to send.
     *
     * @param thinking     the {@code thinking} object, or null to send none
     * @param outputConfig the {@code output_config} object (an adaptive model's effort), or null
     * @param headroom     output tokens added to the answer's own allowance
     */
    record Plan(JsonObject thinking, JsonObject outputConfig, int headroom) {
        static final Plan NONE = new Plan(null, null, 0);
    }

    private AnthropicThinking() {
    }

    static Form form(String upstreamModel) {
        int version = ClaudeVersion.of(upstreamModel);
        if (version == ClaudeVersion.UNKNOWN) {
            return Form.BUDGET; // a name not known: the form every thinking Claude has taken so far
        }
        return version >= 406 ? Form.ADAPTIVE : version >= 307 ? Form.BUDGET : Form.NONE;
    }

    /**
     * What to send for the thinking {@code asked}, within the caller's output allowance. Stated thinking (a budget,
     * or thinking of the model's own measure) goes as stated to a model of that form, and is translated for a model
     * of the other: a budget to the effort it amounts to, an effort to its budget. Its allowance holds it, as
     * Anthropic's does, unless it is too small to. An effort alone gets its budget on top of the allowance.
     */
    static Plan plan(String upstreamModel, AskedReasoning asked, int allowance) {
        if (asked.budget() == null && (asked.effort() == null ? !asked.stated() : budget(asked.effort()) == 0)) {
            return Plan.NONE;
        }
        return switch (form(upstreamModel)) {
            case NONE -> Plan.NONE;
            case BUDGET -> {
                int budget = asked.budget() != null ? Math.max(MINIMUM_BUDGET, asked.budget())
                        : budget(asked.effort() == null ? "medium" : asked.effort());
                yield new Plan(JsonCodec.object().add("type", "enabled").add("budget_tokens", budget).build(),
                        null, asked.stated() && allowance > budget ? 0 : budget);
            }
            case ADAPTIVE -> {
                String effort = asked.effort() != null ? asked.effort()
                        : asked.budget() != null ? ReasoningEffort.ofBudget(asked.budget()) : null;
                yield new Plan(JsonCodec.object().add("type", "adaptive").build(),
                        effort == null ? null : JsonCodec.object().add("effort", effort).build(),
                        asked.stated() ? 0 : budget(effort));
            }
        };
    }

    private static int budget(String effort) {
        if (effort == null) {
            return 0;
        }
        return switch (effort) {
            case "low" -> MINIMUM_BUDGET;
            case "medium" -> 4096;
            case "high" -> 16384;
            case "xhigh", "max" -> 32000;
            default -> 0;
        };
    }
}
