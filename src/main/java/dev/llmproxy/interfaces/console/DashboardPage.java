package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.breaker.ModelHealth;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.admission.Admission;
import dev.llmproxy.domain.config.FreeStatus;
import dev.llmproxy.domain.log.RequestLogRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.LocalDate;
import java.util.Map;

@ApplicationScoped
public class DashboardPage {

    @Inject
    RequestLogRepository log;
    @Inject
    ModelHealth health;
    @Inject
    Admission admission;
    @Inject
    Clock clock;
    @Inject
    ConfigService configs;

    void show(ConsoleRequest r) throws IOException {
        Instant to = clock.instant();
        Instant from = to.minus(Duration.ofHours(1));
        DashboardView view = DashboardAssembler.assemble(log.summary(from, to, DashboardAssembler.SLICES), from, to,
                health.models(), health.tiers(), new DashboardAssembler.Queue(admission.queued(), admission.running(),
                        admission.rejectedFull(), admission.timedOut()),
                FreeStatus.staleModels(configs.current(), LocalDate.now(clock)));
        Instant today = to.atZone(ZoneOffset.UTC).toLocalDate().atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant month = to.atZone(ZoneOffset.UTC).toLocalDate().withDayOfMonth(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        SpendTable spend = SpendTable.of(log.spend(today, to), log.spend(month, to));
        r.render("dashboard", "dashboard", Map.of("view", view, "spend", spend));
    }
}
