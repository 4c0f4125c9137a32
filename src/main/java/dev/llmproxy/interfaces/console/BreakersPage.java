package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.breaker.ModelHealth;
import dev.llmproxy.domain.breaker.BreakerTransition;
import dev.llmproxy.domain.breaker.BreakerTransitionRepository;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.routing.ProviderQuotas;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Breaker states of this instance, recent transitions of all instances, and an admin's force-open and reset. */
@ApplicationScoped
public class BreakersPage {

    private final ModelHealth health;
    private final BreakerTransitionRepository transitions;
    private final ModelLatencies latencies;
    private final ProviderQuotas quotas;
    private final Clock clock;

    @Inject
    BreakersPage(ModelHealth health, BreakerTransitionRepository transitions, ModelLatencies latencies,
            ProviderQuotas quotas, Clock clock) {
        this.health = health;
        this.transitions = transitions;
        this.latencies = latencies;
        this.quotas = quotas;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected BreakersPage() {
        this(null, null, null, null, null);
    }

    public record Transition(String at, String model, String from, String to, String reason, String instance) {
    }

    void list(ConsoleRequest r) throws IOException {
        List<DashboardView.BreakerRow> rows = DashboardAssembler.breakerRows(health.models());
        List<Transition> recent = transitions.recent(50).stream().map(BreakersPage::transition).toList();
        List<String> models = rows.stream().map(DashboardView.BreakerRow::model).toList();
        r.render("breakers", "breakers", Map.of("breakers", rows, "transitions", recent,
                "latency", LatencyRow.of(latencies, models), "quota", QuotaCell.of(quotas, clock, models)));
    }

    /** @param action {@code open} or {@code reset} */
    void change(ConsoleRequest r, String model, String action) throws IOException {
        boolean done = switch (action) {
            case "open" -> health.forceOpen(model, r.user());
            case "reset" -> health.reset(model, r.user());
            default -> false;
        };
        if (!done) {
            r.error(404, "Not found", "No allowlisted model by that name, or no such action.");
            return;
        }
        r.redirect("/breakers");
    }

    private static Transition transition(BreakerTransition t) {
        return new Transition(t.at().toString(), t.model(), t.from().name().toLowerCase(Locale.ROOT),
                t.to().name().toLowerCase(Locale.ROOT), t.reason() == null ? "" : t.reason(), t.instanceId());
    }
}
