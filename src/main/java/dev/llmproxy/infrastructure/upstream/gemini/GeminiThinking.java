package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonObject;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a Gemini model is told how much to think, by family: {@code gemini-2.5-*} takes a token budget whose range
 * depends on the model, {@code gemini-3*} and later take a level from the set that model allows. A caller's
 * {@code reasoning_effort} is mapped onto the right one and clamped to what the model accepts, so the proxy never
 * sends a combination Google rejects (a level to 2.5, budget 0 to a Pro, a level the model does not have).
 */
public final class GeminiThinking {

    /** Efforts in increasing order; OpenAI's newer {@code xhigh} and Ollama's {@code max} count as high. */
    private static final List<String> LEVELS = List.of("minimal", "low", "medium", "high");
    private static final Pattern VERSION = Pattern.compile("gemini-(\\d+)(?:\\.(\\d+))?(.*)");

    /** The family's rule, read off the model's name. */
    enum Family { NONE, BUDGET, LEVEL }

    /**
     * What to send.
     *
     * @param config   the {@code thinkingConfig} object, or null to leave the model's default
     * @param headroom output tokens to add to the caller's answer budget, since thoughts count against
     *                 {@code maxOutputTokens} too
     */
    public record Plan(JsonObject config, int headroom) {
        static final Plan NONE = new Plan(null, 0);
    }

    private GeminiThinking() {
    }

    static Family family(String model) {
        Matcher m = VERSION.matcher(bare(model));
        if (!m.matches()) {
            return Family.NONE;
        }
        int major = Integer.parseInt(m.group(1));
        int minor = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
        if (major >= 3) {
            return Family.LEVEL;
        }
        return major == 2 && minor >= 5 ? Family.BUDGET : Family.NONE;
    }

    /**
     * @param effort the caller's {@code reasoning_effort}, or null
     */
    public static Plan plan(String model, String effort) {
        String name = bare(model);
        String e = effort == null ? null : normalised(effort);
        return switch (family(name)) {
            case NONE -> Plan.NONE;
            case BUDGET -> budgetPlan(name, e);
            case LEVEL -> levelPlan(name, e);
        };
    }

    /** The levels the model accepts, lowest first. */
    static List<String> levelsOf(String model) {
        String name = bare(model);
        if (!name.contains("pro")) {
            return LEVELS;
        }
        // The first Gemini 3 Pro knew only low and high; later Pros add medium. No Pro can stop thinking.
        return name.matches("gemini-3(-.*)?") ? List.of("low", "high") : List.of("low", "medium", "high");
    }

    /** The budget range of a 2.5 model: {min, max, whether 0 (off) is allowed}. */
    static int[] budgetRange(String model) {
        String name = bare(model);
        if (name.contains("pro")) {
            return new int[]{128, 32768, 0};
        }
        if (name.contains("flash-lite")) {
            return new int[]{512, 24576, 1};
        }
        return new int[]{1, 24576, 1};
    }

    private static Plan budgetPlan(String model, String effort) {
        int[] range = budgetRange(model);
        boolean thinksByDefault = !model.contains("flash-lite");
        if (effort == null) {
            return new Plan(null, thinksByDefault ? DYNAMIC_HEADROOM : 0);
        }
        if (effort.equals("none") && range[2] == 1) {
            return new Plan(budget(0, false), 0);
        }
        int wanted = switch (effort) {
            case "none", "minimal" -> Math.max(range[0], 128);
            case "low" -> 1024;
            case "medium" -> 8192;
            default -> 24576;
        };
        int budget = Math.max(range[0], Math.min(range[1], wanted));
        // Thoughts are asked for only when the caller asked for reasoning.
        return new Plan(budget(budget, !effort.equals("none")), budget);
    }

    private static Plan levelPlan(String model, String effort) {
        List<String> allowed = levelsOf(model);
        if (effort == null) {
            return new Plan(null, headroomFor("high"));
        }
        String level;
        if (effort.equals("none")) {
            level = allowed.get(0);
        } else {
            int wanted = LEVELS.indexOf(effort);
            level = allowed.stream().filter(l -> LEVELS.indexOf(l) >= wanted).findFirst()
                    .orElse(allowed.get(allowed.size() - 1));
        }
        JsonObject config = JsonCodec.object().add("thinkingLevel", level)
                .add("includeThoughts", !effort.equals("none")).build();
        return new Plan(config, headroomFor(level));
    }

    /** Room for thoughts when the model decides how long to think: enough for most answers, not a blank cheque. */
    private static final int DYNAMIC_HEADROOM = 8192;

    private static int headroomFor(String level) {
        return switch (level) {
            case "minimal" -> 1024;
            case "low" -> 2048;
            case "medium" -> 8192;
            default -> 16384;
        };
    }

    private static JsonObject budget(int tokens, boolean includeThoughts) {
        return JsonCodec.object().add("thinkingBudget", tokens).add("includeThoughts", includeThoughts).build();
    }

    private static String normalised(String effort) {
        String e = effort.trim().toLowerCase(Locale.ROOT);
        return switch (e) {
            case "none", "minimal", "low", "medium", "high" -> e;
            default -> "high"; // xhigh and max: the request was validated at the edge
        };
    }

    static String bare(String model) {
        String m = model.toLowerCase(Locale.ROOT);
        return m.startsWith("models/") ? m.substring("models/".length()) : m;
    }
}
