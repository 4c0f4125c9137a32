package dev.llmproxy.application.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;
import dev.llmproxy.domain.spend.InMemoryBudgetStore;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A ledger on one in-memory store, as an instance whose shared store always answers. */
class MemoryLedger implements BudgetLedger {

    final InMemoryBudgetStore store = new InMemoryBudgetStore();
    int reservations;

    @Override
    public Reserved reserve(List<Budget> budgets, Charge charge, Instant now) {
        reservations++;
        return new Reserved(store.reserve(budgets, charge, now), true);
    }

    @Override
    public void settle(Reservation reservation, Charge actual) {
        store.settle(reservation.budgets(), reservation.charge(), actual, reservation.at());
    }

    @Override
    public Map<String, BudgetUse> use(List<Budget> budgets, Instant now) {
        return store.use(budgets, now);
    }

    @Override
    public boolean shared() {
        return true;
    }
}
