package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.spend.InMemoryBudgetStore;
import dev.llmproxy.infrastructure.chores.Chore;
import dev.llmproxy.infrastructure.chores.Chores;
import dev.llmproxy.infrastructure.persistence.DatabaseFacts;
import dev.llmproxy.infrastructure.persistence.EmbeddedFlush;
import dev.llmproxy.infrastructure.persistence.ProxyDatabase;
import dev.llmproxy.infrastructure.sharing.Backend;
import dev.llmproxy.infrastructure.sharing.RedisConnection;
import dev.llmproxy.infrastructure.sharing.SharedStore;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Where budgets are reserved and settled: in Redis when {@code PROXY_REDIS_URL} names one; else in memory, exactly, for
 * an instance alone on its database, its settled totals written behind; else in the database every instance shares.
 * While the shared store cannot answer, this instance's share of every budget is reserved in memory
 * ({@link SharedStore} decides which). The database keeps every period's durable totals whichever store reserves: every
 * settlement, and what was spent on a share, is written to it (and to Redis) behind, so the period's totals stay whole.
 */
@ApplicationScoped
public class BudgetStores {

    private static final Logger LOG = Logger.getLogger(BudgetStores.class.getName());
    private static final int QUERY_TIMEOUT_SECONDS = 2;
    private static final Duration WRITE_EVERY = Duration.ofMillis(50);

    private final DataSource dataSource;
    private final Chores chores;
    private final Clock clock;
    private final SharedStore store;
    private final Breakers breakers;
    private final RedisConnection redis;

    private volatile JdbcBudgetStore database;
    private RedisBudgetStore inRedis;
    private final InMemoryBudgetStore local = new InMemoryBudgetStore();
    private MemoryBudgets memory;
    private final SettlementQueue toDatabase = new SettlementQueue("the database", b -> database().settle(b));
    private SettlementQueue toRedis;
    /** Settlements written, alone on embedded H2, and not yet flushed into its file. */
    private volatile int unflushed;
    private Chore writer = Chore.NONE;
    private Chore sweeper = Chore.NONE;
    private Holder holder;

    @Inject
    BudgetStores(@ProxyDatabase DataSource dataSource, Chores chores, Clock clock, SharedStore store, Breakers breakers,
            RedisConnection redis) {
        this.dataSource = dataSource;
        this.chores = chores;
        this.clock = clock;
        this.store = store;
        this.breakers = breakers;
        this.redis = redis;
    }

    /** For the container's client proxy. */
    protected BudgetStores() {
        this(null, null, null, null, null, null);
    }

    @PostConstruct
    void start() {
        holder = Holder.newLife(breakers.instanceId());
        memory = new MemoryBudgets(local, this::database, this::settleShared, store::exactInMemory);
        if (store.home() == Backend.REDIS) {
            inRedis = new RedisBudgetStore(redis::commands, this::database, holder, redis.prefix());
            toRedis = new SettlementQueue("Redis", inRedis::settle);
        }
        writer = chores.every(WRITE_EVERY, WRITE_EVERY, "write the budgets' settlements", this::write);
        sweeper = chores.every(Duration.ofMinutes(5), Duration.ofMinutes(60), "sweep ended budget periods",
                this::sweep);
    }

    /**
     * The database's store (PostgreSQL's one-round-trip store, else the portable one), chosen at first use: the
     * durable totals, and the shared reservations without Redis.
     *
     * @throws IllegalStateException while the database has never answered
     */
    JdbcBudgetStore database() {
        JdbcBudgetStore s = database;
        if (s == null) {
            DatabaseFacts facts = store.facts();
            if (store.exactInMemory()) {
                LOG.info("Budgets: alone on an embedded database, reserved exactly in memory; settled totals are "
                        + "written to it behind.");
            }
            s = facts.postgres() ? new PostgresBudgetStore(dataSource, QUERY_TIMEOUT_SECONDS, holder)
                    : new JdbcBudgetStore(dataSource, QUERY_TIMEOUT_SECONDS, holder);
            database = s;
        }
        return s;
    }

    /** Where reservations are shared: Redis when named, else the database. */
    SharedBudgetStore shared() {
        return inRedis != null ? inRedis : database();
    }

    /** The shared stores that may hold reservations of runs that are gone (the database's from before Redis too). */
    List<SharedBudgetStore> holding() {
        return inRedis != null ? List.of(inRedis, database()) : List.of(database());
    }

    /** This instance's shares while the shared store cannot answer. */
    InMemoryBudgetStore local() {
        return local;
    }

    /** Budgets counted in this process: this instance's exact store when alone, the fallback's shares otherwise. */
    MemoryBudgets memory() {
        return memory;
    }

    /**
     * Queues a settlement for the shared stores: the writer takes it within {@value #WRITE_EVERY_MS} ms. The database
     * takes only its cost when the reservation was held in Redis.
     */
    void settleShared(Settlement s) {
        if (toRedis != null) {
            toRedis.add(s);
            s = s.unreserved();
        }
        toDatabase.add(s);
    }

    /** Writes the queued settlements; those a store cannot take wait for it. */
    synchronized void write() {
        int written = toDatabase.write();
        if (toRedis != null) {
            toRedis.write();
        }
        if (store.alone()) {
            unflushed += written;
        }
        if (unflushed > 0) {
            EmbeddedFlush.flush(dataSource);
            unflushed = 0;
        }
    }

    /** Settlements waiting for the writer (all of them while a store is down). */
    public int unwritten() {
        return toDatabase.size() + (toRedis == null ? 0 : toRedis.size()) + unflushed;
    }

    /** Forgets periods long ended, in memory and in the database (Redis's expire by themselves). */
    void sweep() {
        memory.forgetBefore(clock.instant());
        try {
            database().sweep(clock.instant());
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not sweep ended budget periods", e);
        }
    }

    /** On the way down: the writer stops, and what it had not written yet is written now if the stores answer. */
    @PreDestroy
    void stop() {
        writer.stop();
        sweeper.stop();
        write();
    }
}
