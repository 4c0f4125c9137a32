package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.Charge;

import java.time.Instant;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The end of one reservation, for the shared store: the charge it holds reserved there (zero when it was reserved in
 * memory) and what the request really cost, in the period the reservation was made in.
 */
public record Settlement(List<Budget> budgets, Charge reserved, Charge actual, Instant at) {

    public Settlement {
        budgets = List.copyOf(budgets);
    }

    /** This settlement for a store it reserved nothing in: only what the request cost is added there. */
    Settlement unreserved() {
        return reserved.isZero() ? this : new Settlement(budgets, Charge.ZERO, actual, at);
    }

    /** One budget row's part of many settlements: what they release of its reserved amount and add to its use. */
    record RowDelta(String rowKey, Budget budget, Instant at, Charge released, Charge used) {
        RowDelta plus(Charge moreReleased, Charge moreUsed) {
            return new RowDelta(rowKey, budget, at, released.plus(moreReleased), used.plus(moreUsed));
        }
    }

    /** Many settlements as one change per row, in row key order (the order rows are locked in). */
    static SortedMap<String, RowDelta> byRow(List<Settlement> settlements) {
        SortedMap<String, RowDelta> rows = new TreeMap<>();
        for (Settlement s : settlements) {
            for (Budget b : s.budgets()) {
                String key = b.rowKey(s.at());
                rows.merge(key, new RowDelta(key, b, s.at(), s.reserved(), s.actual()),
                        (old, added) -> old.plus(s.reserved(), s.actual()));
            }
        }
        return rows;
    }
}
