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
import java.util.stream.Stream;

/**
 * What the budgets reserved against lately had used or reserved, read from the shared store every few seconds, and
 * what this instance reserved there since: while the store is down, each instance shares out what was left of a budget,
 * not the whole budget, and its own reservations the last read could not see are counted as spent.
 */
@ApplicationScoped
public class BudgetCounts {

    private static final Logger LOG = Logger.getLogger(BudgetCounts.class.getName());

    private final BudgetStores stores;
    private final Clock clock;
    private final Chores chores;

    /** The budgets reserved against lately, by row (a budget's period). */
    private final Map<String, Budget> recent = new ConcurrentHashMap<>();
    private volatile Map<String, Charge> lastRead = Map.of();
    /** This instance's reservations since the read under way began (or the last one, if none is). */
    private Map<String, Charge> since = new HashMap<>();
    /** Those made before the read under way began: its figures may or may not hold them yet. */
    private Map<String, Charge> reading = Map.of();
    private Chore reader = Chore.NONE;

    @Inject
    BudgetCounts(BudgetStores stores, Clock clock, Chores chores) {
        this.stores = stores;
        this.clock = clock;
        this.chores = chores;
    }

    /** For the container's client proxy. */
    protected BudgetCounts() {
        this(null, null, null);
    }

    @PostConstruct
    void start() {
        reader = chores.every(Duration.ofSeconds(5), Duration.ofSeconds(5), "read the budgets' use", this::read);
    }

    /**
     * These budgets were reserved against in the shared store ({@code reserved}: what it holds there for this
     * instance, zero on a refusal): their use is read from now on.
     */
    void seen(List<Budget> budgets, Charge reserved, Instant now) {
        synchronized (this) {
            for (Budget b : budgets) {
                since.merge(b.rowKey(now), reserved, Charge::plus);
            }
        }
        for (Budget b : budgets) {
            recent.putIfAbsent(b.rowKey(now), b);
        }
    }

    /**
     * What the budget's period had used or reserved when last read (zero if never read), and what this instance
     * reserved since, some of which may be counted twice until the next read: too much, never too little.
     */
    synchronized Charge counted(Budget b, Instant now) {
        String row = b.rowKey(now);
        return Stream.of(lastRead, reading, since).map(m -> m.getOrDefault(row, Charge.ZERO))
                .reduce(Charge.ZERO, Charge::plus);
    }

    /** Reads the use of the budgets reserved against lately; budgets of ended periods are forgotten. */
    void read() {
        Instant now = clock.instant();
        recent.entrySet().removeIf(e -> !e.getValue().rowKey(now).equals(e.getKey()));
        if (recent.isEmpty()) {
            return;
        }
        synchronized (this) {
            reading = since;
            since = new HashMap<>();
        }
        Map<String, Charge> counted = new HashMap<>();
        try {
            List<Budget> budgets = List.copyOf(recent.values());
            Map<String, BudgetUse> use = stores.shared().use(budgets, now);
            for (Budget b : budgets) {
                counted.put(b.rowKey(now), use.getOrDefault(b.name(), BudgetUse.NONE).counted());
            }
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not read the budgets' use; keeping the last read", e);
        }
        synchronized (this) {
            if (counted.isEmpty()) {
                reading.forEach((row, c) -> since.merge(row, c, Charge::plus)); // not read: still unseen
            } else {
                lastRead = Map.copyOf(counted);
            }
            reading = Map.of();
        }
    }

    @PreDestroy
    void stop() {
        reader.stop();
    }
}
