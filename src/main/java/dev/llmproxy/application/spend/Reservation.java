package dev.llmproxy.application.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.Charge;

import java.time.Instant;
import java.util.List;

/**
 * A request's worst case, reserved against its budgets before any provider was called; settled when it ends.
 *
 * @param promptTokens the prompt estimate the charge was made of (what a cut answer is charged beside its output)
 * @param shared       whether it was reserved in the shared store (else in this instance's share)
 * @param coversHedge  whether the charge covers two models called at once (a hedged request); true when no budget
 *                     applies
 */
public record Reservation(List<Budget> budgets, Charge charge, Instant at, long promptTokens, boolean shared,
                          boolean coversHedge) {

    /** No budget applies. */
    public static final Reservation NONE = new Reservation(List.of(), Charge.ZERO, Instant.EPOCH, 0, true, true);

    public Reservation(List<Budget> budgets, Charge charge, Instant at, long promptTokens, boolean shared) {
        this(budgets, charge, at, promptTokens, shared, false);
    }

    public Reservation {
        budgets = List.copyOf(budgets);
    }

    public boolean none() {
        return budgets.isEmpty();
    }
}
