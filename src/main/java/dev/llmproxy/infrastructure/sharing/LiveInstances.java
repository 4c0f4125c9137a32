package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.InstanceHeartbeat;
import dev.llmproxy.infrastructure.chores.Chore;
import dev.llmproxy.infrastructure.chores.Chores;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
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

    private final ConfigService configs;
    private final Clock clock;
    private final Chores chores;

    private volatile int count = 1;
    private Chore counter = Chore.NONE;

    @Inject
    LiveInstances(ConfigService configs, Clock clock, Chores chores) {
        this.configs = configs;
        this.clock = clock;
        this.chores = chores;
    }

    /** For the container's client proxy. */
    protected LiveInstances() {
        this(null, null, null);
    }

    @PostConstruct
    void start() {
        counter = chores.every(Duration.ZERO, Duration.ofSeconds(5), "count live instances", this::countNow);
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
        counter.stop();
    }
}
