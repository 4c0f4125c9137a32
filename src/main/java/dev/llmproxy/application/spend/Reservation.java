package dev.llmproxy.application.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.Charge;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A request's worst case, reserved against its budgets before any provider was called; settled when it ends, once:
 * a second settlement of the same reservation (two paths that both end the request) changes nothing.
 */
public final class Reservation {

    /** No budget applies. */
    public static final Reservation NONE = new Reservation(List.of(), Charge.ZERO, Instant.EPOCH, 0, true, true);

    private final List<Budget> budgets;
    private final Charge charge;
    private final Instant at;
    private final long promptTokens;
    private final boolean shared;
    private final boolean coversHedge;
    private final AtomicBoolean settled = new AtomicBoolean();

    /**
     * @param promptTokens the prompt estimate the charge was made of (what a cut answer is charged beside its output)
     * @param shared       whether it was reserved in the shared store (else in this instance's share)
     * @param coversHedge  whether the charge covers two models called at once (a hedged request); true when no budget
     *                     applies
     */
    public Reservation(List<Budget> budgets, Charge charge, Instant at, long promptTokens, boolean shared,
                       boolean coversHedge) {
        this.budgets = List.copyOf(budgets);
        this.charge = charge;
        this.at = at;
        this.promptTokens = promptTokens;
        this.shared = shared;
        this.coversHedge = coversHedge;
    }

    public Reservation(List<Budget> budgets, Charge charge, Instant at, long promptTokens, boolean shared) {
        this(budgets, charge, at, promptTokens, shared, false);
    }

    public List<Budget> budgets() {
        return budgets;
    }

    public Charge charge() {
        return charge;
    }

    public Instant at() {
        return at;
    }

    public long promptTokens() {
        return promptTokens;
    }

    public boolean shared() {
        return shared;
    }

    public boolean coversHedge() {
        return coversHedge;
    }

    public boolean none() {
        return budgets.isEmpty();
    }

    /** Marks this reservation settled: true the first time only. */
    boolean settling() {
        return settled.compareAndSet(false, true);
    }
}
