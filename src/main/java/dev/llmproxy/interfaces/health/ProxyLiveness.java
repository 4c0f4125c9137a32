package dev.llmproxy.interfaces.health;

import dev.llmproxy.infrastructure.config.ProxyRuntime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/** Live while the upstream I/O thread and the worker pool run: without them no request can be answered. */
@Liveness
@ApplicationScoped
public class ProxyLiveness implements HealthCheck {

    private final ProxyRuntime runtime;

    @Inject
    ProxyLiveness(ProxyRuntime runtime) {
        this.runtime = runtime;
    }

    /** For the container's client proxy. */
    protected ProxyLiveness() {
        this(null);
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("proxy-runtime").status(runtime.healthy()).build();
    }
}
