package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.InstanceHeartbeat;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

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
 * The instances sharing the store, from their heartbeats: what each one's share of a limit or budget is divided by
 * while the store cannot answer, and which instances are gone (their budget reservations are released).
 */
@ApplicationScoped
public class LiveInstances {

    private static final Logger LOG = Logger.getLogger(LiveInstances.class.getName());
    /** An instance whose heartbeat is older than this is gone (heartbeats come every 2 s). */
    static final Duration ALIVE = Duration.ofSeconds(30);

    @Inject
    ConfigService configs;
    @Inject
    Clock clock;
    @Resource
    ManagedScheduledExecutorService scheduler;

    private volatile int count = 1;
    private ScheduledFuture<?> counter;

    @PostConstruct
    void start() {
        counter = scheduler.scheduleWithFixedDelay(this::countNow, 0, 5, TimeUnit.SECONDS);
    }

    /** The instances alive when the database was last read (at least this one): kept for when it cannot be read. */
    public int count() {
        return count;
    }

    /** The instances whose heartbeat is fresh (within {@link #ALIVE}), read from the database now. */
    public Set<String> alive() {
        Instant cutoff = clock.instant().minus(ALIVE);
        return configs.instances().stream().filter(i -> i.lastSeen().isAfter(cutoff))
                .map(InstanceHeartbeat::instanceId).collect(Collectors.toSet());
    }

    private void countNow() {
        try {
            count = Math.max(1, alive().size());
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not count live instances; keeping " + count, e);
        }
    }

    @PreDestroy
    void stop() {
        if (counter != null) {
            counter.cancel(false);
        }
    }
}
