package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetDecision;
import dev.llmproxy.domain.spend.BudgetStore;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;
import dev.llmproxy.domain.spend.InMemoryBudgetStore;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Budgets counted in this process. For an instance alone on its database (embedded H2, which one process opens) this
 * is the exact store: reservations live in memory only, each period's settled use is read from the database once, when
 * the period is first met, and every settlement is handed on to be written behind ({@code budget_use} keeps the
 * durable totals). The fallback's shares settle here too. A crash loses the reservations, which then no longer hold
 * anything, and at most the settlements not yet written.
 */
final class MemoryBudgets implements BudgetStore {

    private final InMemoryBudgetStore memory;
    private final Supplier<? extends BudgetStore> database;
    private final Consumer<Settlement> writeBehind;
    private final BooleanSupplier exact;
    /** The periods whose settled use was read from the database, by row key. */
    private final Set<String> read = ConcurrentHashMap.newKeySet();

    /**
     * @param database the database's store, found at first use (the database may not answer at start)
     * @param exact whether this is the instance's own store (alone on its database) rather than the fallback's shares
     */
    MemoryBudgets(InMemoryBudgetStore memory, Supplier<? extends BudgetStore> database,
            Consumer<Settlement> writeBehind, BooleanSupplier exact) {
        this.memory = memory;
        this.database = database;
        this.writeBehind = writeBehind;
        this.exact = exact;
    }

    /** @throws IllegalStateException when a period met for the first time cannot be read from the database */
    @Override
    public BudgetDecision reserve(List<Budget> budgets, Charge charge, Instant now) {
        readUnread(budgets, now);
        return memory.reserve(budgets, charge, now);
    }

    /** A reservation held in memory ends: settled here, and its cost added to the database's totals behind. */
    @Override
    public void settle(List<Budget> budgets, Charge reserved, Charge actual, Instant reservedAt) {
        if (exact.getAsBoolean()) {
            try {
                readUnread(budgets, reservedAt); // before this settlement is written, so it is not counted twice
            } catch (IllegalStateException unreadable) {
                // the cost still counts: in memory now, in the database when the writer reaches it
            }
        }
        memory.settle(budgets, reserved, actual, reservedAt);
        writeBehind.accept(new Settlement(budgets, Charge.ZERO, actual, reservedAt));
    }

    @Override
    public Map<String, BudgetUse> use(List<Budget> budgets, Instant now) {
        readUnread(budgets, now);
        return memory.use(budgets, now);
    }

    /** Forgets periods that have ended. */
    void forgetBefore(Instant now) {
        memory.forgetBefore(now);
        read.removeIf(key -> !memory.holds(key));
    }

    private void readUnread(List<Budget> budgets, Instant now) {
        for (Budget b : budgets) {
            if (!read.contains(b.rowKey(now))) {
                readFromDatabase(budgets, now); // the first request of a period: every later one is in memory
                return;
            }
        }
    }

    private void readFromDatabase(List<Budget> budgets, Instant now) {
        synchronized (read) {
            List<Budget> unread = budgets.stream().filter(b -> !read.contains(b.rowKey(now))).toList();
            if (unread.isEmpty()) {
                return; // read meanwhile by another request
            }
            Map<String, BudgetUse> saved = database.get().use(unread, now);
            for (Budget b : unread) {
                // only the settled use: what the database shows reserved was held by runs that are gone
                memory.addUsed(b.rowKey(now), saved.getOrDefault(b.name(), BudgetUse.NONE).used());
                read.add(b.rowKey(now));
            }
        }
    }
}
