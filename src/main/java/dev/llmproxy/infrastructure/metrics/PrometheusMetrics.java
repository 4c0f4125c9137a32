package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.application.metrics.ProxyMetrics;
import dev.llmproxy.domain.breaker.BreakerTransition;
import dev.llmproxy.domain.log.RequestRecord;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Clock;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The operator's signals in Prometheus form, on Micrometer bundled in the WAR (so they do not depend on any server's
 * metrics feature): the registry, the scrape, the JVM's meters and the requests' own. Each mechanism's meters are
 * its own ({@link MechanismMeters}); what the request path reports is handed to the mechanism it is about.
 */
@ApplicationScoped
public class PrometheusMetrics implements ProxyMetrics {

    static final String OPENMETRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private static final Logger LOG = Logger.getLogger(PrometheusMetrics.class.getName());

    private final Instance<MechanismMeters> mechanisms;
    private final BreakerMeters breakers;
    private final BudgetMeters budgets;
    private final Clock clock;

    private PrometheusMeterRegistry registry;
    private RequestMeters requests;
    private List<MechanismMeters> meters;
    private JvmGcMetrics gc;

    @Inject
    PrometheusMetrics(Instance<MechanismMeters> mechanisms, BreakerMeters breakers, BudgetMeters budgets, Clock clock) {
        this.mechanisms = mechanisms;
        this.breakers = breakers;
        this.budgets = budgets;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected PrometheusMetrics() {
        this(null, null, null, null);
    }

    @PostConstruct
    void start() {
        registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        requests = new RequestMeters(registry);
        meters = mechanisms.stream().toList();
        meters.forEach(m -> m.bindTo(registry));
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        gc = new JvmGcMetrics();
        gc.bindTo(registry);
    }

    @Override
    public void requestCompleted(RequestRecord record) {
        try {
            requests.record(record);
        } catch (RuntimeException e) {
            // Metrics must never cost a request its answer or its log record.
            LOG.log(Level.WARNING, "Could not record metrics of request " + record.requestId(), e);
        }
    }

    @Override
    public void breakerTransition(BreakerTransition t) {
        breakers.transition(t);
    }

    @Override
    public void budgetRefused(String budget) {
        budgets.refused(budget);
    }

    @Override
    public String contentType(String accept) {
        return accept != null && accept.contains("application/openmetrics-text") ? OPENMETRICS : PROMETHEUS_TEXT;
    }

    /**
     * One scrape at a time: the gauges refreshed here re-register their rows, and a scrape running meanwhile would
     * see a row twice (Prometheus's writer refuses duplicate labels).
     */
    @Override
    public synchronized void scrape(String contentType, OutputStream out) throws IOException {
        var now = clock.instant();
        meters.forEach(m -> m.refresh(now));
        registry.scrape(out, contentType);
    }

    @PreDestroy
    void stop() {
        gc.close();
        registry.close();
    }
}
