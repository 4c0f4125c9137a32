package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.infrastructure.chores.Chore;
import dev.llmproxy.infrastructure.chores.Chores;
import dev.llmproxy.infrastructure.sharing.LiveInstances;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Every 15 s: what instances that are gone still held of the budgets is released (see {@link BudgetHolds}). */
@ApplicationScoped
public class GoneInstances {

    private static final Logger LOG = Logger.getLogger(GoneInstances.class.getName());

    private final BudgetStores stores;
    private final LiveInstances instances;
    private final Chores chores;

    /** Instances whose heartbeat was stale at the last check. */
    private volatile Set<String> suspects = Set.of();
    private Chore checks = Chore.NONE;

    @Inject
    GoneInstances(BudgetStores stores, LiveInstances instances, Chores chores) {
        this.stores = stores;
        this.instances = instances;
        this.chores = chores;
    }

    /** For the container's client proxy. */
    protected GoneInstances() {
        this(null, null, null);
    }

    /** From the start: an instance restarted after a crash releases what its earlier run held. */
    void start(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        checks = chores.every(Duration.ofSeconds(5), Duration.ofSeconds(15), "release what gone instances held",
                this::check);
    }

    /**
     * Releases the reservations of instances that died with requests in flight, and of this instance's earlier run, so
     * they do not hold budget until the period ends. An instance counts as dead when its heartbeat was stale at two
     * checks in a row with the database answering both times: after a database outage every heartbeat is stale for a
     * moment, and the living beat again before the second check.
     */
    void check() {
        Set<String> suspectedBefore = suspects;
        suspects = Set.of();
        Set<String> alive;
        try {
            alive = instances.alive();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not tell which instances are alive", e);
            return;
        }
        Set<String> stale = new HashSet<>();
        Predicate<String> living = id -> {
            if (alive.contains(id)) {
                return true;
            }
            stale.add(id);
            return !suspectedBefore.contains(id);
        };
        for (SharedBudgetStore store : stores.holding()) {
            try {
                for (Holder gone : store.releaseGone(living)) {
                    LOG.warning("Budgets: released what " + gone.instanceId() + " (run " + gone.life() + ") had "
                            + "reserved for requests it never settled: it stopped without finishing them.");
                }
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "Could not release the reservations of instances that are gone", e);
            }
        }
        suspects = Set.copyOf(stale);
    }

    @PreDestroy
    void stop() {
        checks.stop();
    }
}
