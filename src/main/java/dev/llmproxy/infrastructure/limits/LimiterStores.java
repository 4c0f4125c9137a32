package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.InMemoryRateLimitStore;
import dev.llmproxy.domain.limits.LastSeenUse;
import dev.llmproxy.domain.limits.RateLimitStore;
import dev.llmproxy.infrastructure.chores.Chore;
import dev.llmproxy.infrastructure.chores.Chores;
import dev.llmproxy.infrastructure.persistence.DatabaseFacts;
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
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Where rate limits are counted: in Redis when {@code PROXY_REDIS_URL} names one; else in memory, exactly, for an
 * instance alone on its database; else in the database every instance shares (PostgreSQL's one-round-trip store, or
 * the portable one), which enters a large window's requests a lease at a time ({@link LeasedLimits}). While the shared
 * store cannot answer, this instance's share of what it last saw there is counted in memory ({@link SharedStore}
 * decides which).
 */
@ApplicationScoped
public class LimiterStores {

    private static final Logger LOG = Logger.getLogger(LimiterStores.class.getName());
    /** Longer than the longest window (an hour): an idle bucket can no longer refuse anything. */
    private static final Duration IDLE = Duration.ofHours(2);
    private static final int QUERY_TIMEOUT_SECONDS = 2;

    private final DataSource dataSource;
    private final Chores chores;
    private final Clock clock;
    private final SharedStore store;
    private final RedisConnection redis;

    private JdbcRateLimitStore portable;
    private volatile RateLimitStore shared;
    private final InMemoryRateLimitStore local = new InMemoryRateLimitStore(IDLE);
    private final LastSeenUse seen = new LastSeenUse();
    private Chore sweeper = Chore.NONE;
    private volatile RememberedLimits remembered;
    private Chore saver = Chore.NONE;

    @Inject
    LimiterStores(@ProxyDatabase DataSource dataSource, Chores chores, Clock clock, SharedStore store,
            RedisConnection redis) {
        this.dataSource = dataSource;
        this.chores = chores;
        this.clock = clock;
        this.store = store;
        this.redis = redis;
    }

    /** For the container's client proxy. */
    protected LimiterStores() {
        this(null, null, null, null, null);
    }

    @PostConstruct
    void start() {
        portable = new JdbcRateLimitStore(dataSource, QUERY_TIMEOUT_SECONDS);
        sweeper = chores.every(Duration.ofMinutes(10), Duration.ofMinutes(10), "sweep idle rate-limit buckets",
                this::sweep);
    }

    /**
     * Redis when named; else the instance's own store in memory when alone on the database, else the database's
     * store; chosen at first use.
     *
     * @throws IllegalStateException while the database has never answered
     */
    RateLimitStore shared() {
        RateLimitStore s = shared;
        if (s == null && store.home() == Backend.REDIS) {
            s = new LeasedLimits(new RedisRateLimitStore(redis::commands, redis.prefix()));
            shared = s;
        }
        if (s == null) {
            DatabaseFacts facts = store.facts();
            if (facts.alone()) {
                remember(new RememberedLimits(dataSource, IDLE, clock.instant()));
                s = remembered;
            } else {
                s = new LeasedLimits(facts.postgres() ? new PostgresRateLimitStore(dataSource, QUERY_TIMEOUT_SECONDS)
                        : portable);
            }
            shared = s;
        }
        return s;
    }

    /** The shared store's leases once it is in use, else null. */
    LeasedLimits leased() {
        return shared instanceof LeasedLimits l ? l : null;
    }

    /** Alone on the database: counts in memory, written behind each second. */
    private synchronized void remember(RememberedLimits limits) {
        if (remembered == null) {
            remembered = limits;
            saver = chores.every(Duration.ofSeconds(1), Duration.ofSeconds(1), "write the rate limits' counts",
                    () -> remembered.save(clock.instant()));
            LOG.info("Rate limits: alone on an embedded database, counted exactly in memory and written to it each "
                    + "second.");
        }
    }

    /**
     * The store of an instance alone on its database with no Redis named, or null when others share the counts (or
     * the database cannot be reached yet).
     */
    RateLimitStore alone() {
        return store.exactInMemory() ? shared() : null;
    }

    /** What the shared store last showed of each window this instance counted in. */
    LastSeenUse seen() {
        return seen;
    }

    /** This instance's shares while the shared store cannot answer. */
    InMemoryRateLimitStore local() {
        return local;
    }

    /** Windows counted in memory, alone on the database, that are not written to it yet (0 when not alone). */
    public int unwritten() {
        RememberedLimits r = remembered;
        return r == null ? 0 : r.unwritten();
    }

    private void sweep() {
        Instant now = clock.instant();
        local.sweepNow(now);
        seen.sweep(now);
        if (shared instanceof LeasedLimits leased) {
            leased.sweep(now);
        }
        if (remembered != null) {
            remembered.sweep(now);
        }
        try {
            portable.sweep(now, IDLE);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not sweep idle rate-limit buckets", e);
        }
    }

    @PreDestroy
    void stop() {
        sweeper.stop();
        saver.stop();
        if (remembered != null) {
            remembered.save(clock.instant()); // what the last second counted
        }
    }
}
