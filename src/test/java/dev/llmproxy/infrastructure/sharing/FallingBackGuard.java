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
        SharedStore store = new SharedStore();
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:" + name);
        store.dataSource = h2;
        store.instances = new LiveInstances();
        store.redis = new RedisConnection(); // none named
        FallingBackGuard guard = new FallingBackGuard();
        guard.store = store;
        store.guard = guard;
        store.start();
        return store;
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
