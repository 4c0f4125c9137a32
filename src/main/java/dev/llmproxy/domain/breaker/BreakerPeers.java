package dev.llmproxy.domain.breaker;

import java.time.Duration;
import java.time.Instant;

/**
 * The other instances' breakers, when a shared store connects them: a model one instance opens is skipped by all, a
 * breaker one closes closes everywhere, and a half-open model is probed by one instance at a time. Alone, there is
 * no one to tell and nothing to wait for ({@link #ALONE}).
 */
public interface BreakerPeers {

    BreakerPeers ALONE = new BreakerPeers() {
        @Override
        public void opened(String model, Instant until) {
        }

        @Override
        public void closed(String model) {
        }

        @Override
        public boolean mayProbe(String model, Duration lease) {
            return true;
        }
    };

    /** This instance opened (or opened again) the model's breaker, skipping the model until then. */
    void opened(String model, Instant until);

    /** This instance closed the model's breaker (its probes succeeded, or an admin reset it). */
    void closed(String model);

    /**
     * Whether this instance may probe the model now: true for one instance at a time, which holds that right for at
     * most {@code lease} (so that one that dies while probing does not keep the others from it). Must not throw: a
     * store that cannot answer leaves each instance to probe on its own.
     */
    boolean mayProbe(String model, Duration lease);
}
