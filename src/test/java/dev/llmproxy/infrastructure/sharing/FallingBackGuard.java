package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.infrastructure.persistence.DatabaseFacts;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The guard as its fault-tolerance policies behave for one failed call, without a container: a decision whose shared
 * store throws is made on the instance's share at once, and the switch notes it.
 */
final class FallingBackGuard extends StoreGuard {

    /** A shared store on an embedded database others may open too, guarded by this. */
    static SharedStore store(String name) {
        SharedStore store = aloneStore(name);
        store.facts = new DatabaseFacts(false, true, false); // as if other instances opened it too
        return store;
    }

    /** A store on an embedded database this instance is alone on. */
    static SharedStore aloneStore(String name) {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:" + name);
        FallingBackGuard guard = new FallingBackGuard();
        SharedStore store = new SharedStore(h2, guard, new LiveInstances(), new RedisConnection()); // no Redis named
        guard.store = store;
        store.start();
        return store;
    }

    /** The store it guards, set once that is built: each names the other. */
    private SharedStore store;

    private FallingBackGuard() {
        super(null);
    }

    @Override
    public Object remoteDatabase(Backend where, SharedDecision<?> decision) {
        return fallingBack(where, decision);
    }

    @Override
    public Object embeddedDatabase(Backend where, SharedDecision<?> decision) {
        return fallingBack(where, decision);
    }

    @Override
    public Object redis(Backend where, SharedDecision<?> decision) {
        return fallingBack(where, decision);
    }

    private Object fallingBack(Backend where, SharedDecision<?> decision) {
        try {
            Object made = decision.shared();
            store.answered(where);
            return made;
        } catch (RuntimeException e) {
            store.failed(where, e);
            return decision.onShare();
        }
    }
}
