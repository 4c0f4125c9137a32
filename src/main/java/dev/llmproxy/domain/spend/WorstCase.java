package dev.llmproxy.domain.spend;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.upstream.TokenUsage;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The most a request can cost, reserved before any provider is called: its prompt estimate and its output allowance
 * ({@code max_tokens}, plus the model's thinking headroom; without one, the room left in the model's context window,
 * else a fallback allowance) at the most expensive model of the chain that could answer; for a request that may call two
 * models at once (hedged), at the two most expensive.
 */
public final class WorstCase {

    private WorstCase() {
    }

    /**
     * @param promptTokens   the prompt estimate
     * @param maxTokens      the caller's output allowance, or null
     * @param fallbackOutput the allowance assumed for a model whose context window is not known
     * @param calls          how many models may be called at once: the worst case is that of the most expensive
     *                       {@code calls} of them
     * @return the worst case; its USD part bounds the priced models only when a model of the chain has no price (and
     *         is not free)
     */
    public static Bound of(List<AllowedModel> chain, long promptTokens, Integer maxTokens, long fallbackOutput,
                           int calls) {
        List<Long> tokens = new ArrayList<>();
        List<BigDecimal> usd = new ArrayList<>();
        AllowedModel unpriced = null;
        OutputAllowance allowance = new OutputAllowance(maxTokens, fallbackOutput);
        for (AllowedModel m : chain) {
            long output = allowance.tokensFor(m, promptTokens);
            tokens.add(promptTokens + output);
            BigDecimal cost = Cost.of(m, new TokenUsage(clamp(promptTokens), clamp(output), null));
            if (cost == null) {
                unpriced = unpriced == null ? m : unpriced;
            } else {
                usd.add(cost);
            }
        }
        return new Bound(new Charge(usd.stream().sorted(Comparator.reverseOrder()).limit(calls)
                .reduce(BigDecimal.ZERO, BigDecimal::add),
                tokens.stream().sorted(Comparator.reverseOrder()).limit(calls).mapToLong(Long::longValue).sum()),
                unpriced);
    }

    /**
     * @param unpriced a model of the chain whose cost cannot be known (no price, not free), or null: the charge's USD
     *                 part bounds the others only
     */
    public record Bound(Charge charge, AllowedModel unpriced) {
    }

    private static int clamp(long tokens) {
        return (int) Math.min(Integer.MAX_VALUE, tokens);
    }
}
