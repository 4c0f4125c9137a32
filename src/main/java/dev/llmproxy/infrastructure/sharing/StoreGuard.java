package dev.llmproxy.infrastructure.sharing;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Timeout;

import java.time.temporal.ChronoUnit;

/**
 * MicroProfile Fault Tolerance around the shared stores, one policy for every counter kept in them. A static policy is
 * right here: this is our own infrastructure, not a per-model upstream. After repeated failures a store's breaker
 * skips it for a few seconds, then lets a call through to see whether it has recovered; meanwhile each decision is made
 * on this instance's share ({@link OnTheShare}). The breaker is declared once, on the class; each method keeps a
 * circuit of its own, so each backend fails and recovers on its own. Values can be tuned through MicroProfile Config
 * ({@code dev.llmproxy.infrastructure.sharing.StoreGuard/CircuitBreaker/delay}, {@code .../redis/Timeout/value} and so
 * on).
 */
@ApplicationScoped
@CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 3, delayUnit = ChronoUnit.SECONDS,
        successThreshold = 1)
public class StoreGuard {

    private final SharedStore store;

    @Inject
    StoreGuard(SharedStore store) {
        this.store = store;
    }

    /** For the container's client proxy. */
    protected StoreGuard() {
        this(null);
    }

    /** A database across the network (PostgreSQL, H2 in server mode): bounded in time as well. */
    @Timeout(value = 500, unit = ChronoUnit.MILLIS)
    @Fallback(OnTheShare.class)
    public Object remoteDatabase(Backend where, SharedDecision<?> decision) {
        return decide(where, decision);
    }

    /**
     * A database in this process (embedded H2): no {@code @Timeout}, whose interrupt would close an embedded H2's
     * files for every connection; the JDBC query timeout bounds a call instead.
     */
    @Fallback(OnTheShare.class)
    public Object embeddedDatabase(Backend where, SharedDecision<?> decision) {
        return decide(where, decision);
    }

    /** Redis across the network: bounded in time like a remote database (its client's command timeout is shorter). */
    @Timeout(value = 500, unit = ChronoUnit.MILLIS)
    @Fallback(OnTheShare.class)
    public Object redis(Backend where, SharedDecision<?> decision) {
        return decide(where, decision);
    }

    private Object decide(Backend where, SharedDecision<?> decision) {
        Object made = decision.shared();
        store.answered(where);
        return made;
    }
}
