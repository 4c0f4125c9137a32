package dev.llmproxy.domain.spend;

/** A budget's period as counted: what requests have spent (settled) and what running requests have reserved. */
public record BudgetUse(Charge used, Charge reserved) {

    public static final BudgetUse NONE = new BudgetUse(Charge.ZERO, Charge.ZERO);

    /** Used and reserved together: what a new reservation must fit beside. */
    public Charge counted() {
        return used.plus(reserved);
    }

    public BudgetUse reserve(Charge charge) {
        return new BudgetUse(used, reserved.plus(charge));
    }

    public BudgetUse settle(Charge reservedCharge, Charge actual) {
        return new BudgetUse(used.plus(actual), reserved.minus(reservedCharge));
    }
}
