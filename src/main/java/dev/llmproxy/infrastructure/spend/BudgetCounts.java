package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;
import dev.llmproxy.infrastructure.chores.Chore;
import dev.llmproxy.infrastructure.chores.Chores;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What the budgets reserved against lately had used or reserved, read from the shared store every few seconds: while
 * the store is down, each instance shares out what was left of a budget then, not the whole budget.
 */
@ApplicationScoped
public class BudgetCounts {

    private static final Logger LOG = Logger.getLogger(BudgetCounts.class.getName());

    @Inject
    BudgetStores stores;
    @Inject
    Clock clock;
    @Inject
    Chores chores;

    /** The budgets reserved against lately, by row (a budget's period). */
    private final Map<String, Budget> recent = new ConcurrentHashMap<>();
    private volatile Map<String, Charge> lastRead = Map.of();
    private Chore reader = Chore.NONE;

    @PostConstruct
    void start() {
        reader = chores.every(Duration.ofSeconds(5), Duration.ofSeconds(5), "read the budgets' use", this::read);
    }

    /** These budgets were reserved against in the shared store: their use is read from now on. */
    void seen(List<Budget> budgets, Instant now) {
        for (Budget b : budgets) {
            recent.putIfAbsent(b.rowKey(now), b);
        }
    }

    /** What the budget's period had used or reserved when last read (zero if never read). */
    Charge counted(Budget b, Instant now) {
        return lastRead.getOrDefault(b.rowKey(now), Charge.ZERO);
    }

    /** Reads the use of the budgets reserved against lately; budgets of ended periods are forgotten. */
    void read() {
        Instant now = clock.instant();
        recent.entrySet().removeIf(e -> !e.getValue().rowKey(now).equals(e.getKey()));
        if (recent.isEmpty()) {
            return;
        }
        try {
            List<Budget> budgets = List.copyOf(recent.values());
            Map<String, BudgetUse> use = stores.shared().use(budgets, now);
            Map<String, Charge> counted = new HashMap<>();
            for (Budget b : budgets) {
                counted.put(b.rowKey(now), use.getOrDefault(b.name(), BudgetUse.NONE).counted());
            }
            lastRead = Map.copyOf(counted);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not read the budgets' use; keeping the last read", e);
        }
    }

    @PreDestroy
    void stop() {
        reader.stop();
    }
}
