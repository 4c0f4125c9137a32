package dev.llmproxy.infrastructure.sharing;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Timeout;

import java.time.temporal.ChronoUnit;

/**
 * MicroProfile Fault Tolerance around the shared store, one policy for every counter kept there: they live in the
 * same store and fail together. A static policy is right here: this is our own infrastructure, not a per-model
 * upstream. After repeated failures the breaker skips the store for a few seconds, then lets a call through to see
 * whether it has recovered; meanwhile each decision is made on this instance's share ({@link OnTheShare}). Values can
 * be tuned through MicroProfile Config
 * ({@code dev.llmproxy.infrastructure.sharing.StoreGuard/overNetwork/Timeout/value} and so on).
 */
@ApplicationScoped
public class StoreGuard {

    @Inject
    SharedStore store;

    /** A store across the network (PostgreSQL, H2 in server mode): bounded in time as well. */
    @Timeout(value = 500, unit = ChronoUnit.MILLIS)
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 3, delayUnit = ChronoUnit.SECONDS,
            successThreshold = 1)
    @Fallback(OnTheShare.class)
    public Object overNetwork(SharedDecision<?> decision) {
        return decide(decision);
    }

    /**
     * A database in this process (embedded H2): no {@code @Timeout}, whose interrupt would close an embedded H2's
     * files for every connection; the JDBC query timeout bounds a call instead.
     */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 3, delayUnit = ChronoUnit.SECONDS,
            successThreshold = 1)
    @Fallback(OnTheShare.class)
    public Object inProcess(SharedDecision<?> decision) {
        return decide(decision);
    }

    private Object decide(SharedDecision<?> decision) {
        Object made = decision.shared();
        store.answered();
        return made;
    }
}
