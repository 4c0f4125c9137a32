package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.infrastructure.persistence.DatabaseFacts;
import dev.llmproxy.infrastructure.persistence.ProxyDatabase;
import dev.llmproxy.domain.limits.InMemoryRateLimitStore;
import dev.llmproxy.domain.limits.LastSeenUse;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.InstanceHeartbeat;

import dev.llmproxy.domain.limits.RateLimitStore;

import javax.sql.DataSource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * The two rate-limit stores and which one is answering. A switch either way is logged once, counted, and shown in
 * readiness details, so operators know when limits are per instance. Meanwhile each instance allows its share of what
 * was left of every limit when the store last answered, divided among the instances alive (heartbeats) then.
 */
@ApplicationScoped
public class LimiterStores {

    private static final Logger LOG = Logger.getLogger(LimiterStores.class.getName());
    /** Longer than the longest window (an hour): an idle bucket can no longer refuse anything. */
    private static final Duration IDLE = Duration.ofHours(2);
    private static final int QUERY_TIMEOUT_SECONDS = 2;
    /** An instance whose heartbeat is older than this is gone (heartbeats come every 2 s). */
    static final Duration ALIVE = Duration.ofSeconds(30);

    @Inject
    @ProxyDatabase
    DataSource dataSource;
    @Resource
    ManagedScheduledExecutorService scheduler;
    @Inject
    Clock clock;
    @Inject
    ConfigService configs;

    private JdbcRateLimitStore portable;
    private volatile RateLimitStore shared;
    private volatile boolean inProcess;
    private final InMemoryRateLimitStore local = new InMemoryRateLimitStore(IDLE);
    private final LastSeenUse seen = new LastSeenUse();
    private StoreSwitch state;
    private volatile int liveInstances = 1;
    private ScheduledFuture<?> sweeper;
    private ScheduledFuture<?> counter;
    private volatile RememberedLimits remembered;
    private ScheduledFuture<?> saver;

    @PostConstruct
    void start() {
        portable = new JdbcRateLimitStore(dataSource, QUERY_TIMEOUT_SECONDS);
        state = new StoreSwitch(LOG, clock.instant());
        sweeper = scheduler.scheduleWithFixedDelay(this::sweep, 10, 10, TimeUnit.MINUTES);
        counter = scheduler.scheduleWithFixedDelay(this::countInstances, 0, 5, TimeUnit.SECONDS);
    }

    /** PostgreSQL's one-round-trip store, else the portable one; chosen at first use (the database may be down). */
    RateLimitStore shared() {
        RateLimitStore s = shared;
        if (s == null) {
            DatabaseFacts facts;
            try {
                facts = DatabaseFacts.of(dataSource);
            } catch (IllegalStateException e) {
                throw new IllegalStateException("rate-limit store unreachable: " + e.getMessage(), e);
            }
            inProcess = facts.inProcess();
            if (facts.alone()) {
                remember(new RememberedLimits(dataSource, IDLE, clock.instant()));
                s = remembered;
            } else {
                s = facts.postgres() ? new PostgresRateLimitStore(dataSource, QUERY_TIMEOUT_SECONDS) : portable;
            }
            shared = s;
        }
        return s;
    }

    /** Alone on the database: counts in memory, written behind each second. */
    private synchronized void remember(RememberedLimits limits) {
        if (remembered == null) {
            remembered = limits;
            saver = scheduler.scheduleWithFixedDelay(() -> remembered.save(clock.instant()), 1, 1, TimeUnit.SECONDS);
            LOG.info("Rate limits: alone on an embedded database, counted exactly in memory and written to it each "
                    + "second.");
        }
    }

    /** What the shared store last showed of each window this instance counted in. */
    LastSeenUse seen() {
        return seen;
    }

    InMemoryRateLimitStore local() {
        return local;
    }

    /** The instances alive when the database was last read (at least this one). */
    public int liveInstances() {
        return liveInstances;
    }

    private void countInstances() {
        try {
            liveInstances = Math.max(1, aliveInstances().size());
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not count live instances; keeping " + liveInstances, e);
        }
    }

    /** The instances whose heartbeat is fresh (within {@link #ALIVE}), read from the database now. */
    public Set<String> aliveInstances() {
        Instant cutoff = clock.instant().minus(ALIVE);
        return configs.instances().stream().filter(i -> i.lastSeen().isAfter(cutoff))
                .map(InstanceHeartbeat::instanceId).collect(Collectors.toSet());
    }

    /** Windows counted in memory, alone on the database, that are not written to it yet (0 when not alone). */
    public int unwritten() {
        RememberedLimits r = remembered;
        return r == null ? 0 : r.unwritten();
    }

    /** The store of an instance alone on its database, or null when others share it (or it cannot be reached yet). */
    RateLimitStore alone() {
        if (shared == null) {
            sharedInProcess();
        }
        return remembered;
    }

    /** Whether the shared store is a database inside this process (embedded H2); false until first used. */
    boolean sharedInProcess() {
        if (shared == null) {
            try {
                shared();
            } catch (IllegalStateException e) {
                return false; // unreachable: the guarded call will fail and fall back
            }
        }
        return inProcess;
    }

    void sharedAnswered() {
        state.answered(clock.instant(),
                () -> "Rate limits: the shared store answers again; limits hold across instances again.");
    }

    void sharedFailed(Throwable cause) {
        state.failed(clock.instant(), () -> "Rate limits: the shared store is unreachable or slow (" + cause
                + "); until it recovers, this instance allows its share of what was left of every limit when "
                + "last read (1/" + liveInstances + ", " + liveInstances + " instances alive when last counted), "
                + "counted in memory.");
    }

    public boolean usingShared() {
        return state.usingShared();
    }

    /** When the store last switched. */
    public Instant since() {
        return state.since();
    }

    /** Requests decided by the in-memory fallback since start. */
    public long fallbacks() {
        return state.fallbacks();
    }

    private void sweep() {
        Instant now = clock.instant();
        local.sweepNow(now);
        seen.sweep(now);
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
        if (sweeper != null) {
            sweeper.cancel(false);
        }
        if (counter != null) {
            counter.cancel(false);
        }
        if (saver != null) {
            saver.cancel(false);
            remembered.save(clock.instant()); // what the last second counted
        }
    }
}
