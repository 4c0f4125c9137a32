package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.application.spend.BudgetBoard;
import dev.llmproxy.application.spend.BudgetLedger;
import dev.llmproxy.infrastructure.spend.BudgetStores;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/** Budgets: how much of each is spent, what they refused, and where their settlements are kept. */
@ApplicationScoped
public class BudgetMeters implements MechanismMeters {

    private static final Logger LOG = Logger.getLogger(BudgetMeters.class.getName());

    private final BudgetBoard budgets;
    private final BudgetStores budgetStores;
    private final BudgetLedger budgetLedger;

    private Meter.MeterProvider<Counter> refusals;
    private MultiGauge used;

    @Inject
    BudgetMeters(BudgetBoard budgets, BudgetStores budgetStores, BudgetLedger budgetLedger) {
        this.budgets = budgets;
        this.budgetStores = budgetStores;
        this.budgetLedger = budgetLedger;
    }

    /** For the container's client proxy. */
    protected BudgetMeters() {
        this(null, null, null);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        refusals = Counter.builder("proxy.budget.refusals")
                .description("Requests refused before any call because a budget had no room for their worst case")
                .withRegistry(registry);
        used = MultiGauge.builder("proxy.budget.used.ratio")
                .description("Settled spend of each budget in force as a share of it (the larger of its units)")
                .register(registry);
        Gauge.builder("proxy.budget.settlements.unwritten", budgetStores, BudgetStores::unwritten)
                .strongReference(true)
                .description("Budget settlements not yet written to the database's totals").register(registry);
        Gauge.builder("proxy.budget.store.shared", budgetLedger, l -> l.shared() ? 1 : 0).strongReference(true)
                .description("1 while budgets are reserved in the shared store, 0 while on this instance's share")
                .register(registry);
    }

    /** A request refused before any call because this budget (a configured name) had no room. */
    void refused(String budget) {
        refusals.withTags("budget", budget).increment();
    }

    /** A budget store that cannot be read leaves the last values: the scrape still answers. */
    @Override
    public void refresh(Instant now) {
        try {
            used.register(budgets.lines().stream()
                    .map(l -> MultiGauge.Row.of(Tags.of("budget", l.budget().name()), l.usedRatio().doubleValue()))
                    .collect(Collectors.toList()), true);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not read the budgets for the metrics", e);
        }
    }
}
