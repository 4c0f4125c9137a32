package dev.llmproxy.domain.spend;

import dev.llmproxy.domain.catalog.AllowedModel;

/**
 * The most output a call may be billed for: the caller's {@code max_tokens} plus the model's thinking headroom;
 * without one, the room left in the model's context window, else a fallback allowance. Budgets reserve it before a
 * call ({@link WorstCase}), and a call whose answer is lost (timed out, cancelled) is billed it, since its provider
 * may well have produced it all.
 *
 * @param maxTokens the caller's output allowance, or null
 * @param fallback  the allowance assumed for a model whose context window is not known
 */
public record OutputAllowance(Integer maxTokens, long fallback) {

    /** Nothing known of the output: a lost answer is billed its prompt alone. */
    public static final OutputAllowance UNKNOWN = new OutputAllowance(null, 0);

    /** The output {@code model} may bill for a prompt of {@code promptTokens}. */
    public long tokensFor(AllowedModel model, long promptTokens) {
        if (maxTokens != null) {
            return (long) maxTokens + (model.thinkingHeadroom() == null ? 0 : model.thinkingHeadroom());
        }
        return model.contextWindow() != null ? Math.max(1, model.contextWindow() - promptTokens) : fallback;
    }
}
