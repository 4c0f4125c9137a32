package dev.llmproxy.domain.spend;

import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The budget store in this process: exact for an instance alone on its database, the fallback while the shared one is
 * unreachable, and the store of a test. Periods that have ended are forgotten as new ones are counted.
 */
public final class InMemoryBudgetStore implements BudgetStore {

    private final Map<String, BudgetUse> rows = new HashMap<>();

    @Override
    public synchronized BudgetDecision reserve(List<Budget> budgets, Charge charge, Instant now) {
        for (Budget b : budgets) {
            BudgetUse use = rows.getOrDefault(b.rowKey(now), BudgetUse.NONE);
            if (!b.fits(use.counted(), charge)) {
                return new BudgetDecision.Refused(b, use.counted());
            }
        }
        for (Budget b : budgets) {
            rows.merge(b.rowKey(now), BudgetUse.NONE.reserve(charge), (old, added) -> old.reserve(charge));
        }
        return BudgetDecision.RESERVED;
    }

    @Override
    public synchronized void settle(List<Budget> budgets, Charge reserved, Charge actual, Instant reservedAt) {
        for (Budget b : budgets) {
            rows.compute(b.rowKey(reservedAt), (k, use) -> (use == null ? BudgetUse.NONE : use).settle(reserved, actual));
        }
    }

    @Override
    public synchronized Map<String, BudgetUse> use(List<Budget> budgets, Instant now) {
        Map<String, BudgetUse> out = new LinkedHashMap<>();
        for (Budget b : budgets) {
            out.put(b.name(), rows.getOrDefault(b.rowKey(now), BudgetUse.NONE));
        }
        return out;
    }

    /** Adds use settled elsewhere (read from a copy kept in a database) to a budget period's row. */
    public synchronized void addUsed(String rowKey, Charge used) {
        rows.merge(rowKey, new BudgetUse(used, Charge.ZERO), (old, added) -> old.settle(Charge.ZERO, used));
    }

    /** Whether a budget period's row is counted here. */
    public synchronized boolean holds(String rowKey) {
        return rows.containsKey(rowKey);
    }

    /** Forgets periods that ended before {@code now}'s month, and minutes before this one (for a long-running instance). */
    public synchronized void forgetBefore(Instant now) {
        String month = BudgetPeriod.MONTH.key(now);
        String minute = BudgetPeriod.MINUTE.key(now);
        rows.keySet().removeIf(k -> {
            String period = k.substring(k.lastIndexOf('|') + 1);
            return period.compareTo(period.indexOf('T') > 0 ? minute : month) < 0;
        });
    }
}
