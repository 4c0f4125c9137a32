package dev.llmproxy.infrastructure.config;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterTypeDiscovery;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;

import java.util.Set;
import java.util.logging.Logger;

/**
 * Keeps WildFly's Fault Tolerance from asking for an OpenTelemetry meter in this deployment. The WAR traces with the
 * OpenTelemetry SDK it carries and leaves WildFly's telemetry subsystems out of its deployment
 * ({@code WEB-INF/jboss-deployment-structure.xml}), so the server's meter does not exist here, while SmallRye Fault
 * Tolerance (which guards the shared stores) picks its metrics by what its own module sees: it would fail the first
 * guarded call. Its OpenTelemetry metrics provider is vetoed, and SmallRye's no-op one takes its place when no other
 * is left. The proxy has metrics of its own; elsewhere (Liberty, Payara) none of these types are seen and nothing
 * changes. Only class names are used: the WAR does not depend on SmallRye.
 */
public class FaultToleranceMetricsOff implements Extension {

    private static final Logger LOG = Logger.getLogger(FaultToleranceMetricsOff.class.getName());
    static final String OPEN_TELEMETRY = "io.smallrye.faulttolerance.metrics.OpenTelemetryProvider";
    static final String NOOP = "io.smallrye.faulttolerance.metrics.NoopProvider";
    private static final Set<String> OTHERS = Set.of("io.smallrye.faulttolerance.metrics.MicroProfileMetricsProvider",
            "io.smallrye.faulttolerance.metrics.MicrometerProvider", NOOP);

    private ClassLoader vetoedFrom;
    private boolean otherLeft;

    void vetoOpenTelemetry(@Observes ProcessAnnotatedType<?> event) {
        String name = event.getAnnotatedType().getJavaClass().getName();
        if (name.equals(OPEN_TELEMETRY)) {
            vetoedFrom = event.getAnnotatedType().getJavaClass().getClassLoader();
            event.veto();
        } else if (OTHERS.contains(name)) {
            otherLeft = true;
        }
    }

    void noopInItsPlace(@Observes AfterTypeDiscovery event, BeanManager beans) {
        if (vetoedFrom == null || otherLeft) {
            return;
        }
        try {
            event.addAnnotatedType(beans.createAnnotatedType(Class.forName(NOOP, false, vetoedFrom)),
                    FaultToleranceMetricsOff.class.getName());
            LOG.info("Fault Tolerance metrics are off in this deployment (the server's OpenTelemetry is left out)");
        } catch (ClassNotFoundException e) {
            LOG.warning("Fault Tolerance has no no-op metrics provider: " + e.getMessage());
        }
    }
}
