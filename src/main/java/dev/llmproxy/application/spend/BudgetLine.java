package dev.llmproxy.application.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetUse;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;

/** A budget in force, what its period has used and reserved, and when it resets. */
public record BudgetLine(Budget budget, BudgetUse use, Instant resetsAt) {

    /** The alert marks: nearly spent, spent. */
    public static final BigDecimal WARN = new BigDecimal("0.8");
    public static final BigDecimal FULL = BigDecimal.ONE;

    /** The settled spend as a share of the budget, the larger of its units (4 decimals; 0 for a zero budget unused). */
    public BigDecimal usedRatio() {
        BigDecimal ratio = BigDecimal.ZERO;
        if (budget.maxUsd() != null) {
            ratio = ratio.max(share(use.used().usd(), budget.maxUsd()));
        }
        if (budget.maxTokens() != null) {
            ratio = ratio.max(share(BigDecimal.valueOf(use.used().tokens()), BigDecimal.valueOf(budget.maxTokens())));
        }
        return ratio;
    }

    private static BigDecimal share(BigDecimal used, BigDecimal max) {
        if (max.signum() == 0) {
            return used.signum() == 0 ? BigDecimal.ZERO : BigDecimal.ONE;
        }
        return used.divide(max, 4, RoundingMode.HALF_UP);
    }

    /** An operator's alert at 80 % and at 100 %, else null. */
    public String alert() {
        BigDecimal r = usedRatio();
        if (r.compareTo(FULL) >= 0) {
            return "Budget " + budget.name() + " is spent: requests that need more are refused until " + resetsAt + ".";
        }
        if (r.compareTo(WARN) >= 0) {
            return "Budget " + budget.name() + " is " + r.movePointRight(2).setScale(0, RoundingMode.DOWN)
                    + " % spent; it resets at " + resetsAt + ".";
        }
        return null;
    }
}
