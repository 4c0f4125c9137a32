package dev.llmproxy.application.spend;

import dev.llmproxy.domain.config.BudgetsKey;
import dev.llmproxy.domain.keys.ApiKey;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetLimits;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which budgets a request counts against: the global ones, its scope's, and its key's: the key's own day and month
 * budgets, else the {@code keys} default; its own tokens per minute, else {@code keyTokensPerMinute} (0: none).
 */
public final class BudgetOwners {

    private BudgetOwners() {
    }

    /**
     * @param key   the caller's key, or null when anonymous
     * @param scope the scope the request counts in
     */
    public static List<Budget> of(Map<String, BudgetLimits> configured, long keyTokensPerMinute, ApiKey key,
                                  String scope) {
        List<Budget> out = new ArrayList<>();
        configured.getOrDefault(BudgetsKey.GLOBAL, BudgetLimits.NONE).budgets(BudgetsKey.GLOBAL).forEach(out::add);
        String scopeOwner = BudgetsKey.SCOPE + scope;
        configured.getOrDefault(scopeOwner, BudgetLimits.NONE).budgets(scopeOwner).forEach(out::add);
        if (key != null) {
            out.addAll(ofKey(configured, keyTokensPerMinute, key));
        }
        return out;
    }

    /** The budgets of a key, as above. */
    public static List<Budget> ofKey(Map<String, BudgetLimits> configured, long keyTokensPerMinute, ApiKey key) {
        BudgetLimits own = key.budget();
        BudgetLimits periods = own.withTokensPerMinute(null).isEmpty()
                ? configured.getOrDefault(BudgetsKey.KEYS, BudgetLimits.NONE) : own;
        Long perMinute = own.tokensPerMinute() != null ? own.tokensPerMinute()
                : keyTokensPerMinute > 0 ? keyTokensPerMinute : null;
        return periods.withTokensPerMinute(perMinute).budgets("key:" + key.id());
    }
}
