package dev.llmproxy.domain.spend;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Where budgets are counted: in the database every instance shares, or in this process while it cannot be reached.
 * Each budget's period keeps what was used (settled) and what is reserved by requests still running.
 */
public interface BudgetStore {

    /**
     * Reserves the charge against every budget, all or nothing: when any budget has no room for it beside what is
     * used and reserved, nothing is reserved anywhere. Concurrent calls, from any instance sharing the store, never
     * together reserve past a budget.
     */
    BudgetDecision reserve(List<Budget> budgets, Charge charge, Instant now);

    /**
     * Ends a reservation made at {@code reservedAt}: its charge leaves the reserved amount and the actual charge is
     * added to the used amount, in the period the reservation was made in.
     */
    void settle(List<Budget> budgets, Charge reserved, Charge actual, Instant reservedAt);

    /** What each budget has used and reserved in the period holding {@code now}, by budget name. */
    Map<String, BudgetUse> use(List<Budget> budgets, Instant now);
}
