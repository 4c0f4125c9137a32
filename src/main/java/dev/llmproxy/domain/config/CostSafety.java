package dev.llmproxy.domain.config;

import dev.llmproxy.domain.spend.BudgetLimits;

import java.util.Map;

/**
 * The settings "Cost safety": free-only operation and spend budgets.
 *
 * @param budgets             budgets by owner ({@code global}, {@code keys}, {@code scope:<name>})
 * @param reserveOutputTokens output reserved for a request without {@code max_tokens} on a model without a context window
 */
public record CostSafety(boolean requireVerifiedFree, long freeVerificationMaxAgeDays,
                         Map<String, BudgetLimits> budgets, long reserveOutputTokens) {
}
