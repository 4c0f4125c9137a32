package dev.llmproxy.domain.catalog;

import java.util.List;
import java.util.Set;

/** How hard a model is asked to think, in OpenAI's words; each provider's client maps it onto its own controls. */
public final class ReasoningEffort {

    /** OpenAI's efforts, and {@code max}, which other OpenAI-compatible APIs add; weakest first. */
    public static final List<String> ORDER = List.of("none", "minimal", "low", "medium", "high", "xhigh", "max");
    public static final Set<String> ALL = Set.copyOf(ORDER);
    /** The most output room a model may be given for its thoughts, in tokens. */
    public static final int MAX_HEADROOM = 1_000_000;

    private ReasoningEffort() {
    }

    /**
     * The effort a thinking budget amounts to, for a model or a provider that takes an effort rather than a budget:
     * up to 4,096 tokens {@code low}, up to 16,384 {@code medium}, above {@code high}.
     */
    public static String ofBudget(long tokens) {
        return tokens <= 4_096 ? "low" : tokens <= 16_384 ? "medium" : "high";
    }

    /** The efforts, weakest first, for messages. */
    public static String listed() {
        return String.join(", ", ORDER);
    }
}
