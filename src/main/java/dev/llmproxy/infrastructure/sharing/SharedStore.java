package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.infrastructure.persistence.DatabaseFacts;
import dev.llmproxy.infrastructure.persistence.ProxyDatabase;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.EnumMap;
import java.util.Map;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The stores every instance shares for its counters (rate limits, budget reservations, failed sign-ins), and whether
 * each is answering. Every counter decision that needs one goes through {@link #decide}: one guard, one fallback
 * policy (each instance decides on its share, see {@link LiveInstances}) and a switch per store, logged once either
 * way, counted, and shown in readiness and metrics, so operators know when limits and budgets are per instance.
 */
@ApplicationScoped
public class SharedStore {

    private static final Logger LOG = Logger.getLogger(SharedStore.class.getName());

    private final DataSource dataSource;
    private final StoreGuard guard;
    private final LiveInstances instances;
    private final RedisConnection redis;

    volatile DatabaseFacts facts;
    private final Map<Backend, StoreSwitch> switches = new EnumMap<>(Backend.class);

    @Inject
    SharedStore(@ProxyDatabase DataSource dataSource, StoreGuard guard, LiveInstances instances,
            RedisConnection redis) {
        this.dataSource = dataSource;
        this.guard = guard;
        this.instances = instances;
        this.redis = redis;
    }

    /** For the container's client proxy. */
    protected SharedStore() {
        this(null, null, null, null);
    }

    @PostConstruct
    void start() {
        for (Backend b : Backend.values()) {
            switches.put(b, new StoreSwitch(LOG));
        }
    }

    /**
     * What the database is, found at first use (it may not answer at start).
     *
     * @throws IllegalStateException while it has never answered
     */
    public DatabaseFacts facts() {
        DatabaseFacts f = facts;
        if (f == null) {
            f = DatabaseFacts.of(dataSource);
            facts = f;
        }
        return f;
    }

    /** Whether this instance is alone on its database (embedded H2), so counts kept in memory are exact. */
    public boolean alone() {
        return known() && facts.alone();
    }

    /**
     * Where every counter family (rate limits, budgets, failed sign-ins) shares its counts: Redis when named, else the
     * database.
     */
    public Backend home() {
        return redis.configured() ? Backend.REDIS : Backend.DATABASE;
    }

    /**
     * Whether counters are exact in this instance's memory (written behind to the database): alone on an embedded
     * database with no Redis named.
     */
    public boolean exactInMemory() {
        return home() == Backend.DATABASE && alone();
    }

    /** Decides through that shared store, or on this instance's share when the store fails, is slow or is down. */
    @SuppressWarnings("unchecked")
    public <T> T decide(Backend where, SharedDecision<T> decision) {
        SharedDecision<T> once = new OnceDecided<>(decision);
        if (where == Backend.REDIS) {
            return (T) guard.redis(where, once);
        }
        // an embedded database runs on the caller's thread: a timeout's interrupt would close its files for good
        boolean inProcess = known() && facts.inProcess();
        return (T) (inProcess ? guard.embeddedDatabase(where, once) : guard.remoteDatabase(where, once));
    }

    private boolean known() {
        try {
            facts();
            return true;
        } catch (IllegalStateException unreachable) {
            return false; // the guarded call will fail and fall back
        }
    }

    void answered(Backend where) {
        switches.get(where).answered(() -> "Shared counters in " + where + ": answering again; the counters kept "
                + "there hold across instances again.");
    }

    void failed(Backend where, Throwable cause) {
        int n = instances.count();
        switches.get(where).failed(() -> "Shared counters in " + where + ": unreachable or slow (" + cause + "); until "
                + "it recovers, this instance decides the counters kept there (" + where.holds() + ") on its share "
                + "of what was left of each when last read (1/" + n + ", " + n + " instances alive when last "
                + "counted), in memory. What it spends meanwhile is added to the shared budgets when they answer "
                + "again.");
    }

    /** Whether counters kept there are decided on it (false while this instance decides on its share). */
    public boolean usingShared(Backend where) {
        return switches.get(where).usingShared();
    }

    /** Decisions made on this instance's share because a shared store failed, since start. */
    public long fallbacks() {
        return switches.values().stream().mapToLong(StoreSwitch::fallbacks).sum();
    }
}
