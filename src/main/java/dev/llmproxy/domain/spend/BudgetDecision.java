package dev.llmproxy.domain.spend;

/** What the budget store said about a reservation. */
public sealed interface BudgetDecision {

    BudgetDecision RESERVED = new Reserved();

    /** The charge is now counted as reserved against every budget. */
    record Reserved() implements BudgetDecision {
    }

    /**
     * Nothing was reserved anywhere: this budget had no room.
     *
     * @param counted what the budget had used and reserved in its period before this request
     */
    record Refused(Budget budget, Charge counted) implements BudgetDecision {
    }
}
