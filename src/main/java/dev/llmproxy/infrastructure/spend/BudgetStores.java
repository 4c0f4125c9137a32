package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.InMemoryBudgetStore;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.infrastructure.persistence.DatabaseFacts;
import dev.llmproxy.infrastructure.persistence.EmbeddedFlush;
import dev.llmproxy.infrastructure.persistence.ProxyDatabase;
import dev.llmproxy.infrastructure.sharing.SharedStore;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Where budgets are reserved and settled: in memory, exactly, for an instance alone on its database, its settled
 * totals written behind; else in the database every instance shares, with this instance's share of every budget
 * reserved in memory while that cannot answer ({@link SharedStore} decides which). What was spent on a share is
 * written into the shared totals when the store answers again, so the period's totals stay whole.
 */
@ApplicationScoped
public class BudgetStores {

    private static final Logger LOG = Logger.getLogger(BudgetStores.class.getName());
    private static final int QUERY_TIMEOUT_SECONDS = 2;
    private static final long WRITE_EVERY_MS = 50;
    private static final int BATCH = 500;

    @Inject
    @ProxyDatabase
    DataSource dataSource;
    @Resource
    ManagedScheduledExecutorService scheduler;
    @Inject
    Clock clock;
    @Inject
    SharedStore store;
    @Inject
    Breakers breakers;

    private volatile JdbcBudgetStore shared;
    private final InMemoryBudgetStore local = new InMemoryBudgetStore();
    private MemoryBudgets memory;
    /** Settlements the shared store has not taken yet: the writer's queue (and all of them while it is down). */
    private final Queue<Settlement> unwritten = new ConcurrentLinkedQueue<>();
    /** Settlements written, alone on embedded H2, and not yet flushed into its file. */
    private volatile int unflushed;
    private ScheduledFuture<?> writer;
    private ScheduledFuture<?> sweeper;
    private Holder holder;

    @PostConstruct
    void start() {
        holder = Holder.newLife(breakers.instanceId());
        memory = new MemoryBudgets(local, this::shared, unwritten::add, this::alone);
        writer = scheduler.scheduleWithFixedDelay(this::write, WRITE_EVERY_MS, WRITE_EVERY_MS, TimeUnit.MILLISECONDS);
        sweeper = scheduler.scheduleWithFixedDelay(this::sweep, 5, 60, TimeUnit.MINUTES);
    }

    /**
     * PostgreSQL's one-round-trip store, else the portable one; chosen at first use.
     *
     * @throws IllegalStateException while the database has never answered
     */
    JdbcBudgetStore shared() {
        JdbcBudgetStore s = shared;
        if (s == null) {
            DatabaseFacts facts = store.facts();
            if (facts.alone()) {
                LOG.info("Budgets: alone on an embedded database, reserved exactly in memory; settled totals are "
                        + "written to it behind.");
            }
            s = facts.postgres() ? new PostgresBudgetStore(dataSource, QUERY_TIMEOUT_SECONDS, holder)
                    : new JdbcBudgetStore(dataSource, QUERY_TIMEOUT_SECONDS, holder);
            shared = s;
        }
        return s;
    }

    /** This instance's shares while the shared store cannot answer. */
    InMemoryBudgetStore local() {
        return local;
    }

    /** Budgets counted in this process: this instance's exact store when alone, the fallback's shares otherwise. */
    MemoryBudgets memory() {
        return memory;
    }

    /** Whether this instance is alone on its database (embedded H2), so that budgets in memory are exact. */
    boolean alone() {
        return store.alone();
    }

    /** Queues a settlement for the shared store: the writer takes it within {@value #WRITE_EVERY_MS} ms. */
    void settleShared(Settlement s) {
        unwritten.add(s);
    }

    /**
     * Writes the queued settlements, in batches of up to {@value #BATCH}, each in one transaction; a batch that
     * fails stays queued (the store is down) and is written when it answers again. One writer at a time: each takes
     * the head of the queue as its batch.
     */
    synchronized void write() {
        try {
            List<Settlement> batch = new ArrayList<>();
            while (true) {
                batch.clear();
                for (Settlement s : unwritten) {
                    batch.add(s);
                    if (batch.size() == BATCH) {
                        break;
                    }
                }
                if (batch.isEmpty()) {
                    break;
                }
                shared().settle(batch);
                if (alone()) {
                    unflushed += batch.size();
                }
                for (int i = 0; i < batch.size(); i++) {
                    unwritten.poll(); // the head of the queue is the batch just written
                }
            }
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Budget store unreachable; " + unwritten.size() + " settlements wait for it", e);
        }
        if (unflushed > 0) {
            EmbeddedFlush.flush(dataSource);
            unflushed = 0;
        }
    }

    /** Settlements waiting for the writer (all of them while the database is down). */
    public int unwritten() {
        return unwritten.size() + unflushed;
    }

    /** Forgets periods long ended, in memory and in the shared store. */
    void sweep() {
        memory.forgetBefore(clock.instant());
        try {
            shared().sweep(clock.instant());
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not sweep ended budget periods", e);
        }
    }

    /** On the way down: the writer stops, and what it had not written yet is written now if the store answers. */
    @PreDestroy
    void stop() {
        for (ScheduledFuture<?> f : new ScheduledFuture<?>[] {writer, sweeper}) {
            if (f != null) {
                f.cancel(false);
            }
        }
        write();
    }
}
