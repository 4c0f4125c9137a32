package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.infrastructure.persistence.DatabaseFacts;
import dev.llmproxy.infrastructure.persistence.ProxyDatabase;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The store every instance shares for its counters (rate limits, token rates, budget reservations), and whether it is
 * answering. Every counter decision that needs it goes through {@link #decide}: one guard, one fallback policy (each
 * instance decides on its share, see {@link LiveInstances}) and one switch, logged once either way, counted, and shown
 * in readiness and metrics, so operators know when limits and budgets are per instance.
 */
@ApplicationScoped
public class SharedStore {

    private static final Logger LOG = Logger.getLogger(SharedStore.class.getName());

    @Inject
    @ProxyDatabase
    DataSource dataSource;
    @Inject
    StoreGuard guard;
    @Inject
    LiveInstances instances;

    private volatile DatabaseFacts facts;
    private StoreSwitch state;

    @PostConstruct
    void start() {
        state = new StoreSwitch(LOG);
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

    /** Decides through the shared store, or on this instance's share when the store fails, is slow or is down. */
    @SuppressWarnings("unchecked")
    public <T> T decide(SharedDecision<T> decision) {
        // an embedded database runs on the caller's thread: a timeout's interrupt would close its files for good
        boolean inProcess = known() && facts.inProcess();
        return (T) (inProcess ? guard.inProcess(decision) : guard.overNetwork(decision));
    }

    private boolean known() {
        try {
            facts();
            return true;
        } catch (IllegalStateException unreachable) {
            return false; // the guarded call will fail and fall back
        }
    }

    void answered() {
        state.answered(() -> "Shared store: answers again; rate limits and budgets hold across "
                + "instances again.");
    }

    void failed(Throwable cause) {
        int n = instances.count();
        state.failed(() -> "Shared store: unreachable or slow (" + cause + "); until it recovers, "
                + "this instance decides rate limits and budgets on its share of what was left of each when last "
                + "read (1/" + n + ", " + n + " instances alive when last counted), in memory. What it spends "
                + "meanwhile is written to the budgets' totals when the store answers again.");
    }

    /** Whether counters are decided on the shared store (false while this instance decides on its share). */
    public boolean usingShared() {
        return state.usingShared();
    }

    /** Decisions made on this instance's share because the shared store failed, since start. */
    public long fallbacks() {
        return state.fallbacks();
    }
}
