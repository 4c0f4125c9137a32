package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.application.spend.BudgetLedger;
import dev.llmproxy.application.spend.Reservation;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetDecision;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;
import dev.llmproxy.infrastructure.sharing.LiveInstances;
import dev.llmproxy.infrastructure.sharing.SharedDecision;
import dev.llmproxy.infrastructure.sharing.SharedStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The budgets: in memory, exactly, for an instance alone on its database ({@link MemoryBudgets}); else on the shared
 * store through {@link SharedStore}'s guard, and while that cannot answer on this instance's share of what was left
 * of every budget when the store was last read ({@link BudgetCounts}), divided among the instances alive.
 */
@ApplicationScoped
public class SharedBudgetLedger implements BudgetLedger {

    private final BudgetStores stores;
    private final SharedStore store;
    private final LiveInstances instances;
    private final BudgetCounts counts;

    @Inject
    SharedBudgetLedger(BudgetStores stores, SharedStore store, LiveInstances instances, BudgetCounts counts) {
        this.stores = stores;
        this.store = store;
        this.instances = instances;
        this.counts = counts;
    }

    /** For the container's client proxy. */
    protected SharedBudgetLedger() {
        this(null, null, null, null);
    }

    @Override
    public Reserved reserve(List<Budget> budgets, Charge charge, Instant now) {
        if (store.exactInMemory()) {
            try {
                return new Reserved(stores.memory().reserve(budgets, charge, now), false); // exact: nothing to guard
            } catch (IllegalStateException unread) {
                // a period's settled use could not be read: the guard decides, as when the database is down
            }
        }
        return store.decide(store.home(), new SharedDecision<>() {
            @Override
            public Reserved shared() {
                Reserved r = new Reserved(stores.shared().reserve(budgets, charge, now), true);
                counts.seen(budgets, r.decision() == BudgetDecision.RESERVED ? charge : Charge.ZERO, now);
                return r;
            }

            @Override
            public void undo(Reserved late) {
                if (late.decision() == BudgetDecision.RESERVED) {
                    stores.settleShared(new Settlement(budgets, charge, Charge.ZERO, now));
                }
            }

            @Override
            public Reserved onShare() {
                int alive = instances.count();
                List<Budget> share = budgets.stream().map(b -> b.share(alive, counts.counted(b, now))).toList();
                return new Reserved(stores.local().reserve(share, charge, now), false);
            }
        });
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
            return store.exactInMemory() ? stores.memory().use(budgets, now) : stores.shared().use(budgets, now);
        } catch (RuntimeException e) {
            return stores.local().use(budgets, now);
        }
    }

    @Override
    public boolean shared() {
        return store.usingShared(store.home());
    }
}
