package dev.llmproxy.application.breaker;

import dev.llmproxy.application.metrics.ProxyMetrics;
import dev.llmproxy.domain.breaker.BreakerState;
import dev.llmproxy.domain.breaker.BreakerTransition;
import dev.llmproxy.domain.breaker.BreakerTransitionRepository;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Where breaker transitions go: the server log at once, the database off the request path (a transition happens
 * inside a breaker's lock, on whichever thread saw the failure).
 */
@ApplicationScoped
public class BreakerEvents {

    private static final Logger LOG = Logger.getLogger(BreakerEvents.class.getName());

    @Resource
    ManagedExecutorService executor;
    @Inject
    BreakerTransitionRepository repository;
    @Inject
    ProxyMetrics metrics;

    public void record(BreakerTransition t) {
        Level level = t.to() == BreakerState.OPEN ? Level.WARNING : Level.INFO;
        LOG.log(level, () -> "Circuit breaker of " + t.model() + " on " + t.instanceId() + ": " + t.from() + " -> "
                + t.to() + " (" + t.reason() + ")");
        metrics.breakerTransition(t);
        executor.execute(() -> {
            try {
                repository.save(t);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Could not store the breaker transition of " + t.model(), e);
            }
        });
    }
}
