package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.application.access.Limiter;
import dev.llmproxy.infrastructure.limits.LimiterStores;
import dev.llmproxy.infrastructure.sharing.SharedStore;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Where the counters of rate limits are kept, and how often the shared store failed its callers. */
@ApplicationScoped
public class CounterStoreMeters implements MechanismMeters {

    private final Limiter limiter;
    private final LimiterStores limiterStores;
    private final SharedStore sharedStore;

    @Inject
    CounterStoreMeters(Limiter limiter, LimiterStores limiterStores, SharedStore sharedStore) {
        this.limiter = limiter;
        this.limiterStores = limiterStores;
        this.sharedStore = sharedStore;
    }

    /** For the container's client proxy. */
    protected CounterStoreMeters() {
        this(null, null, null);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("proxy.rate.limit.store.shared", limiter, l -> l.shared() ? 1 : 0).strongReference(true)
                .description("1 while rate limits are decided by the shared store, 0 while on per-instance memory")
                .register(registry);
        FunctionCounter.builder("proxy.shared.store.fallbacks", sharedStore, SharedStore::fallbacks)
                .description("Rate-limit, budget and sign-in decisions made on this instance's share because the "
                        + "shared store failed").register(registry);
        Gauge.builder("proxy.rate.limit.unwritten", limiterStores, LimiterStores::unwritten).strongReference(true)
                .description("Rate-limit windows counted in memory (alone on an embedded database) not yet written to it")
                .register(registry);
    }
}
