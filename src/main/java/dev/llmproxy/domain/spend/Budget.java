package dev.llmproxy.domain.spend;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * One budget: what an owner ({@code global}, {@code scope:<name>}, {@code key:<id>}) may spend in a period, in US
 * dollars and/or tokens (null: that unit is not limited).
 *
 * @param name how operators, callers and metrics see it, e.g. {@code scope:public.daily}
 */
public record Budget(String name, BudgetPeriod period, BigDecimal maxUsd, Long maxTokens) {

    public Budget {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(period, "period");
        if (maxUsd == null && maxTokens == null) {
            throw new IllegalArgumentException("budget " + name + " limits nothing");
        }
        if ((maxUsd != null && maxUsd.signum() < 0) || (maxTokens != null && maxTokens < 0)) {
            throw new IllegalArgumentException("budget " + name + " must not be negative");
        }
    }

    /** Where the period holding {@code at} is counted: one row per budget and period in the shared store. */
    public String rowKey(Instant at) {
        return "budget|" + name + "|" + period.key(at);
    }

    /** Whether a charge fits beside what is already used and reserved in the period. */
    public boolean fits(Charge counted, Charge charge) {
        return (maxUsd == null || counted.usd().add(charge.usd()).compareTo(maxUsd) <= 0)
                && (maxTokens == null || counted.tokens() + charge.tokens() <= maxTokens);
    }

    /**
     * This budget as one of {@code instances} instances enforces it alone while the shared store is unreachable: its
     * share of each maximum, so that together they spend no more than the budget.
     */
    public Budget share(int instances) {
        return share(instances, Charge.ZERO);
    }

    /**
     * As {@link #share(int)}, of what was left when the shared store was last read: {@code counted} was used or
     * reserved then, so that together the instances spend no more than what remained.
     */
    public Budget share(int instances, Charge counted) {
        if (instances <= 1 && counted.isZero()) {
            return this;
        }
        int n = Math.max(1, instances);
        return new Budget(name, period,
                maxUsd == null ? null : maxUsd.subtract(counted.usd()).max(BigDecimal.ZERO)
                        .divide(BigDecimal.valueOf(n), Cost.SCALE, java.math.RoundingMode.DOWN),
                maxTokens == null ? null : Math.max(0, maxTokens - counted.tokens()) / n);
    }
}
