package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.breaker.ModelHealth;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.spend.BudgetBoard;
import dev.llmproxy.application.spend.BudgetLine;
import dev.llmproxy.domain.admission.Admission;
import dev.llmproxy.domain.config.FreeStatus;
import dev.llmproxy.domain.log.RequestLogRepository;
import dev.llmproxy.domain.spend.BudgetPeriod;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Objects;

@ApplicationScoped
public class DashboardPage {

    private final RequestLogRepository log;
    private final ModelHealth health;
    private final Admission admission;
    private final Clock clock;
    private final ConfigService configs;
    private final BudgetBoard budgets;

    @Inject
    DashboardPage(RequestLogRepository log, ModelHealth health, Admission admission, Clock clock, ConfigService configs,
            BudgetBoard budgets) {
        this.log = log;
        this.health = health;
        this.admission = admission;
        this.clock = clock;
        this.configs = configs;
        this.budgets = budgets;
    }

    /** For the container's client proxy. */
    protected DashboardPage() {
        this(null, null, null, null, null, null);
    }

    void show(ConsoleRequest r) throws IOException {
        Instant now = clock.instant();
        // the last hour in whole slices, the one running now last: the five-minute slices the log writer keeps
        long slice = Duration.ofHours(1).dividedBy(DashboardAssembler.SLICES).toMillis();
        Instant to = Instant.ofEpochMilli((now.toEpochMilli() / slice + 1) * slice);
        Instant from = to.minus(Duration.ofHours(1));
        DashboardView view = DashboardAssembler.assemble(log.summary(from, to, DashboardAssembler.SLICES), from, to,
                health.models(), health.tiers(), new DashboardAssembler.Queue(admission.queued(), admission.running(),
                        admission.rejectedFull(), admission.timedOut()),
                FreeStatus.staleModels(configs.current(), LocalDate.now(clock)));
        Instant today = BudgetPeriod.DAY.start(now);
        Instant month = BudgetPeriod.MONTH.start(now);
        SpendTable spend = SpendTable.of(log.spend(today, now), log.spend(month, now));
        List<BudgetLine> lines = budgets.lines();
        List<String> budgetAlerts = lines.stream().map(BudgetLine::alert).filter(Objects::nonNull).toList();
        r.render("dashboard", "dashboard", Map.of("view", view.withAlerts(budgetAlerts), "spend", spend,
                "budgets", BudgetRow.of(lines)));
    }
}
