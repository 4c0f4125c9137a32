package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.AskedReasoning;
import jakarta.json.JsonObject;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a Claude model is told how much to think, by its version, read off its name as Gemini's family is: Claude 3.7
 * to 4.5 take a token budget ({@code thinking.budget_tokens}, at least Anthropic's minimum of 1,024), Claude 4.6 and
 * later take {@code {type: "adaptive"}} with an effort (4.7 and later refuse a budget), and older models no thinking
 * at all. Either way the output allowance ({@code max_tokens}) grows by the effort's budget, since thinking counts
 * against it. No effort, {@code none} and {@code minimal} ask no thinking.
 */
final class AnthropicThinking {

    /** {@code claude-sonnet-4-5}, {@code claude-opus-4-6@20260101}, {@code us.anthropic.claude-haiku-4-5-2025...}. */
    private static final Pattern NEW_NAME = Pattern.compile(".*claude-(?:opus|sonnet|haiku)-(\\d+)(?:-(\\d{1,2}))?(?:\\D.*)?");
    /** {@code claude-3-7-sonnet-20250219}, {@code claude-3-5-haiku@20241022}. */
    private static final Pattern OLD_NAME = Pattern.compile(".*claude-(\\d+)(?:-(\\d{1,2}))?-(?:opus|sonnet|haiku).*");

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
        String name = upstreamModel.toLowerCase(Locale.ROOT);
        Matcher m = NEW_NAME.matcher(name);
        if (!m.matches()) {
            m = OLD_NAME.matcher(name);
            if (!m.matches()) {
                return Form.BUDGET; // a name not known: the form every thinking Claude has taken so far
            }
        }
        int version = Integer.parseInt(m.group(1)) * 100 + (m.group(2) == null ? 0 : Integer.parseInt(m.group(2)));
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
                        : asked.budget() != null ? effortOf(asked.budget()) : null;
                yield new Plan(JsonCodec.object().add("type", "adaptive").build(),
                        effort == null ? null : JsonCodec.object().add("effort", effort).build(),
                        asked.stated() ? 0 : budget(effort));
            }
        };
    }

    /** The effort a stated budget amounts to, for a model that takes no budget. */
    private static String effortOf(int budget) {
        return budget <= budget("low") ? "low" : budget <= budget("medium") ? "medium" : "high";
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
