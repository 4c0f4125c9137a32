package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.application.breaker.ModelHealth;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.spend.BudgetBoard;
import dev.llmproxy.application.log.RequestLog;
import dev.llmproxy.application.metrics.ProxyMetrics;
import dev.llmproxy.application.security.SignInThrottle;
import dev.llmproxy.domain.admission.Admission;
import dev.llmproxy.domain.breaker.BreakerState;
import dev.llmproxy.domain.breaker.BreakerTransition;
import dev.llmproxy.domain.config.FreeStatus;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.routing.ModelSlots;
import dev.llmproxy.domain.routing.ProviderQuotas;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.infrastructure.limits.LimiterStores;
import dev.llmproxy.infrastructure.sharing.SharedStore;
import dev.llmproxy.application.access.Limiter;
import dev.llmproxy.application.spend.BudgetLedger;
import dev.llmproxy.infrastructure.spend.BudgetStores;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
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
import jakarta.inject.Inject;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * The operator's signals in Prometheus form, on Micrometer bundled in the WAR (so they do not depend on any server's
 * metrics feature). Gauges read the live state at scrape time; counters are fed by the request path.
 */
@ApplicationScoped
public class PrometheusMetrics implements ProxyMetrics {

    static final String OPENMETRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private static final Logger LOG = Logger.getLogger(PrometheusMetrics.class.getName());

    @Inject
    Admission admission;
    @Inject
    ModelHealth health;
    @Inject
    RequestLog requestLog;
    @Inject
    LimiterStores limiterStores;
    @Inject
    SignInThrottle signIns;
    @Inject
    ConfigService configs;
    @Inject
    Clock clock;
    @Inject
    BudgetBoard budgets;
    @Inject
    BudgetStores budgetStores;
    @Inject
    SharedStore sharedStore;
    @Inject
    Limiter limiter;
    @Inject
    BudgetLedger budgetLedger;
    @Inject
    ModelLatencies latencies;
    @Inject
    ProviderQuotas quotas;
    @Inject
    ModelSlots slots;

    private PrometheusMeterRegistry registry;
    private RequestMeters requests;
    private Meter.MeterProvider<Counter> transitions;
    private Meter.MeterProvider<Counter> budgetRefusals;
    private MultiGauge breakerStates;
    private MultiGauge tierAvailable;
    private MultiGauge budgetUsed;
    private JvmGcMetrics gc;
    private LatencyGauges latencyGauges;
    private PlanningGauges planningGauges;

    @PostConstruct
    void start() {
        registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        requests = new RequestMeters(registry);
        transitions = Counter.builder("proxy.breaker.transitions")
                .description("Circuit breaker state changes by model").withRegistry(registry);
        budgetRefusals = Counter.builder("proxy.budget.refusals")
                .description("Requests refused before any call because a budget had no room for their worst case")
                .withRegistry(registry);
        breakerStates = MultiGauge.builder("proxy.breaker.state")
                .description("1 for each model's current breaker state (closed, open, half_open), 0 for the others")
                .register(registry);
        tierAvailable = MultiGauge.builder("proxy.tier.available")
                .description("1 when some model of the tier's chain is closed or due for a probe, else 0")
                .register(registry);
        budgetUsed = MultiGauge.builder("proxy.budget.used.ratio")
                .description("Settled spend of each budget in force as a share of it (the larger of its units)")
                .register(registry);
        latencyGauges = new LatencyGauges(latencies, registry);
        planningGauges = new PlanningGauges(quotas, slots, registry);
        bindAdmission();
        Gauge.builder("proxy.request.log.backlog", requestLog, RequestLog::pending).strongReference(true)
                .description("Request log records waiting to be written").register(registry);
        FunctionCounter.builder("proxy.request.log.dropped", requestLog, RequestLog::dropped)
                .description("Request log records dropped because the writer fell too far behind").register(registry);
        FunctionCounter.builder("proxy.request.log.reduced", requestLog, RequestLog::reduced)
                .description("Request log records the database refused as they were, kept without their free text")
                .register(registry);
        FunctionCounter.builder("proxy.request.log.refused", requestLog, RequestLog::refused)
                .description("Request log records the database refused for what they held: not in the log")
                .register(registry);
        Gauge.builder("proxy.rate.limit.store.shared", limiter, l -> l.shared() ? 1 : 0).strongReference(true)
                .description("1 while rate limits are decided by the shared store, 0 while on per-instance memory")
                .register(registry);
        FunctionCounter.builder("proxy.shared.store.fallbacks", sharedStore, SharedStore::fallbacks)
                .description("Rate-limit, budget and sign-in decisions made on this instance's share because the "
                        + "shared store failed").register(registry);
        Gauge.builder("proxy.rate.limit.unwritten", limiterStores, LimiterStores::unwritten).strongReference(true)
                .description("Rate-limit windows counted in memory (alone on an embedded database) not yet written to it")
                .register(registry);
        Gauge.builder("proxy.budget.settlements.unwritten", budgetStores, BudgetStores::unwritten)
                .strongReference(true)
                .description("Budget settlements not yet written to the database's totals").register(registry);
        Gauge.builder("proxy.budget.store.shared", budgetLedger, l -> l.shared() ? 1 : 0).strongReference(true)
                .description("1 while budgets are reserved in the shared store, 0 while on this instance's share")
                .register(registry);
        FunctionCounter.builder("proxy.request.log.withheld", requestLog, RequestLog::withheld)
                .description("Answers withheld (503) because their request-log row was not committed in time (sync)")
                .register(registry);
        FunctionCounter.builder("proxy.sign.in.failures", signIns, SignInThrottle::failures)
                .description("Failed sign-ins on the console or the admin API").register(registry);
        FunctionCounter.builder("proxy.sign.in.lockouts", signIns, SignInThrottle::lockOuts)
                .description("Lock-outs started: an address or a user name reached its failed sign-in limit")
                .register(registry);
        Gauge.builder("proxy.models.free.verification.stale", configs,
                        c -> FreeStatus.staleModels(c.current(), LocalDate.now(clock)).size()).strongReference(true)
                .description("Models marked free whose free status was never verified or is older than "
                        + "freeVerificationMaxAgeDays").register(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        gc = new JvmGcMetrics();
        gc.bindTo(registry);
    }

    private void bindAdmission() {
        Gauge.builder("proxy.queue.depth", admission, Admission::queued).strongReference(true)
                .description("Requests waiting for an upstream slot").register(registry);
        Gauge.builder("proxy.upstream.in.flight", admission, Admission::running).strongReference(true)
                .description("Requests doing upstream work now").register(registry);
        FunctionCounter.builder("proxy.queue.rejections", admission, Admission::rejectedFull)
                .description("Requests refused at once because the queue was full").register(registry);
        FunctionCounter.builder("proxy.queue.timeouts", admission, Admission::timedOut)
                .description("Requests that gave up after waiting the queue-wait limit").register(registry);
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
        transitions.withTags("model", t.model(), "from", label(t.from()), "to", label(t.to())).increment();
    }

    @Override
    public void budgetRefused(String budget) {
        budgetRefusals.withTags("budget", budget).increment();
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
        refreshBreakerStates();
        List<String> models = health.models().stream().map(ModelHealth.ModelStatus::name).toList();
        latencyGauges.refresh(models);
        planningGauges.refresh(models, clock.instant());
        tierAvailable.register(health.tiers().stream()
                .map(t -> MultiGauge.Row.of(Tags.of("tier", t.name()), t.canAnswer() ? 1 : 0))
                .collect(Collectors.toList()), true);
        refreshBudgets();
        registry.scrape(out, contentType);
    }

    /** Every allowlisted model, in every state: a model that was removed disappears from the series. */
    private void refreshBreakerStates() {
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        for (ModelHealth.ModelStatus m : health.models()) {
            for (BreakerState s : BreakerState.values()) {
                rows.add(MultiGauge.Row.of(Tags.of("model", m.name(), "state", label(s)), m.state() == s ? 1 : 0));
            }
        }
        breakerStates.register(rows, true);
    }

    /** A budget store that cannot be read leaves the last values: the scrape still answers. */
    private void refreshBudgets() {
        try {
            budgetUsed.register(budgets.lines().stream()
                    .map(l -> MultiGauge.Row.of(Tags.of("budget", l.budget().name()), l.usedRatio().doubleValue()))
                    .collect(Collectors.toList()), true);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not read the budgets for the metrics", e);
        }
    }

    static String label(BreakerState s) {
        return s.name().toLowerCase(Locale.ROOT);
    }

    @PreDestroy
    void stop() {
        gc.close();
        registry.close();
    }
}
