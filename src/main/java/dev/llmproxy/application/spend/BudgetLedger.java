package dev.llmproxy.application.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetDecision;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The budgets as the proxy sees them: the shared store, or this instance's share while it is unreachable. */
public interface BudgetLedger {

    /** @param shared whether the decision came from the store every instance shares */
    record Reserved(BudgetDecision decision, boolean shared) {
    }

    Reserved reserve(List<Budget> budgets, Charge charge, Instant now);

    /** Ends a reservation; never throws (what cannot be written now is written when the store answers again). */
    void settle(Reservation reservation, Charge actual);

    /** What each budget has used and reserved now, by name (this instance's count while the store is down). */
    Map<String, BudgetUse> use(List<Budget> budgets, Instant now);

    /** Whether decisions currently come from the shared store. */
    boolean shared();
}
