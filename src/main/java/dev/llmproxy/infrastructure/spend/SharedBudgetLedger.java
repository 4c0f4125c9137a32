package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.application.spend.BudgetLedger;
import dev.llmproxy.application.spend.Reservation;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The budgets on the shared store through {@link GuardedBudgets}: a store that fails, is slow or is down falls back to
 * this instance's share in memory until it answers again. An instance alone on its database counts them in memory,
 * exactly ({@link MemoryBudgets}).
 */
@ApplicationScoped
public class SharedBudgetLedger implements BudgetLedger {

    @Inject
    BudgetStores stores;
    @Inject
    GuardedBudgets guarded;

    @Override
    public Reserved reserve(List<Budget> budgets, Charge charge, Instant now) {
        if (stores.alone()) {
            try {
                return new Reserved(stores.memory().reserve(budgets, charge, now), false); // exact: nothing to guard
            } catch (IllegalStateException unread) {
                // a period's settled use could not be read: the guard decides, as when the database is down
            }
        }
        return stores.sharedInProcess() ? guarded.inProcess(budgets, charge, now)
                : guarded.overNetwork(budgets, charge, now);
    }

    @Override
    public void settle(Reservation r, Charge actual) {
        if (r.shared()) {
            stores.settleShared(new Settlement(r.budgets(), r.charge(), actual, r.at()));
            return;
        }
        // reserved in memory: released there, and the spend carried into the shared totals
        stores.memory().settle(r.budgets(), r.charge(), actual, r.at());
    }

    @Override
    public Map<String, BudgetUse> use(List<Budget> budgets, Instant now) {
        try {
            return stores.alone() ? stores.memory().use(budgets, now) : stores.shared().use(budgets, now);
        } catch (RuntimeException e) {
            return stores.local().use(budgets, now);
        }
    }

    @Override
    public boolean shared() {
        return stores.usingShared();
    }
}
