package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.InMemoryBudgetStore;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.infrastructure.limits.LimiterStores;
import dev.llmproxy.infrastructure.limits.StoreSwitch;
import dev.llmproxy.infrastructure.persistence.DatabaseFacts;
import dev.llmproxy.infrastructure.persistence.EmbeddedFlush;
import dev.llmproxy.infrastructure.persistence.ProxyDatabase;
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
 * The two budget stores and which one is answering. While the shared one is unreachable each instance reserves
 * against its share of every budget (the budget divided by the instances alive) in memory; what was spent then is
 * written into the shared store when it answers again, so the period's totals stay whole. A switch either way is
 * logged once.
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
    LimiterStores limiterStores;
    @Inject
    Breakers breakers;

    private volatile JdbcBudgetStore shared;
    private volatile boolean inProcess;
    private volatile boolean alone;
    private final InMemoryBudgetStore local = new InMemoryBudgetStore();
    private MemoryBudgets memory;
    /** Settlements the shared store has not taken yet: the writer's queue (and all of them while it is down). */
    private final Queue<Settlement> unwritten = new ConcurrentLinkedQueue<>();
    /** Settlements written, alone on embedded H2, and not yet flushed into its file. */
    private volatile int unflushed;
    private StoreSwitch state;
    private ScheduledFuture<?> writer;
    private ScheduledFuture<?> sweeper;
    private Holder holder;

    @PostConstruct
    void start() {
        state = new StoreSwitch(LOG, clock.instant());
        holder = Holder.newLife(breakers.instanceId());
        memory = new MemoryBudgets(local, this::shared, unwritten::add, () -> alone);
        writer = scheduler.scheduleWithFixedDelay(this::write, WRITE_EVERY_MS, WRITE_EVERY_MS, TimeUnit.MILLISECONDS);
        sweeper = scheduler.scheduleWithFixedDelay(this::sweep, 5, 60, TimeUnit.MINUTES);
    }

    /** PostgreSQL's one-round-trip store, else the portable one; chosen at first use (the database may be down). */
    JdbcBudgetStore shared() {
        JdbcBudgetStore s = shared;
        if (s == null) {
            DatabaseFacts facts = DatabaseFacts.of(dataSource);
            inProcess = facts.inProcess();
            alone = facts.alone();
            if (alone) {
                LOG.info("Budgets: alone on an embedded database, reserved exactly in memory; settled totals are "
                        + "written to it behind.");
            }
            s = facts.postgres() ? new PostgresBudgetStore(dataSource, QUERY_TIMEOUT_SECONDS, holder)
                    : new JdbcBudgetStore(dataSource, QUERY_TIMEOUT_SECONDS, holder);
            shared = s;
        }
        return s;
    }

    /** Whether the shared store is a database inside this process (embedded H2). */
    boolean sharedInProcess() {
        if (shared == null) {
            try {
                shared();
            } catch (IllegalStateException e) {
                return false;
            }
        }
        return inProcess;
    }

    InMemoryBudgetStore local() {
        return local;
    }

    /** Budgets counted in this process: this instance's exact store when alone, the fallback's shares otherwise. */
    MemoryBudgets memory() {
        return memory;
    }

    /** Whether this instance is alone on its database (embedded H2), so that budgets in memory are exact. */
    boolean alone() {
        sharedInProcess();
        return alone;
    }

    int liveInstances() {
        return limiterStores.liveInstances();
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
                if (alone) {
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

    void sharedAnswered() {
        state.answered(clock.instant(), () -> "Budgets: the shared store answers again; budgets hold across instances "
                + "again. " + unwritten.size() + " settlements made meanwhile are being written to it.");
    }

    void sharedFailed(Throwable cause) {
        state.failed(clock.instant(), () -> "Budgets: the shared store is unreachable or slow (" + cause
                + "); until it recovers, this instance reserves against its share of every budget (1/"
                + liveInstances() + "), counted in memory.");
    }

    public boolean usingShared() {
        return state.usingShared();
    }

    /** Reservations decided in memory because the shared store failed, since start. */
    public long fallbacks() {
        return state.fallbacks();
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
