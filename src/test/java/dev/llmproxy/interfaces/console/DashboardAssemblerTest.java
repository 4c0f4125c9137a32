package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.breaker.ModelHealth;
import dev.llmproxy.domain.breaker.BreakerState;
import dev.llmproxy.domain.log.RequestLogRepository;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class DashboardAssemblerTest {

    private static final Instant TO = Instant.parse("2026-11-30T13:00:00Z");
    private static final Instant FROM = TO.minus(Duration.ofHours(1));

    private static RequestLogRepository.Summary summary() {
        List<Map<String, Long>> buckets = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            buckets.add(new LinkedHashMap<>(Map.of("ok", 0L, "degraded", 0L, "failed", 0L)));
        }
        buckets.get(0).put("ok", 100L);
        buckets.get(11).putAll(Map.of("ok", 40L, "degraded", 9L, "failed", 1L));
        return new RequestLogRepository.Summary(buckets, new LinkedHashMap<>(Map.of("m1", 140L)));
    }

    @Test
    void laysOutStackedColumnsScaledToTheBusiestSlice() {
        DashboardView v = DashboardAssembler.assemble(summary(), FROM, TO, List.of(), List.of(),
                new DashboardAssembler.Queue(0, 0, 0, 0), List.of());
        assertThat(v.hourTotal()).isEqualTo(150);
        assertThat(v.hourDegraded()).isEqualTo(9);
        assertThat(v.hourFailed()).isEqualTo(1);
        assertThat(v.slices()).hasSize(12);
        DashboardView.Slice first = v.slices().get(0);
        assertThat(first.label()).isEqualTo("12:00");
        assertThat(first.segments().get(0).height()).isEqualTo(DashboardView.CHART_HEIGHT);
        DashboardView.Slice last = v.slices().get(11);
        assertThat(last.label()).isEqualTo("12:55");
        // 1 failed of a busiest slice of 100 still shows as a sliver
        assertThat(last.segments().get(2).height()).isEqualTo(2);
        assertThat(last.title()).isEqualTo("12:55: 40 ok, 9 degraded, 1 failed");
        assertThat(v.models()).singleElement().satisfies(m -> assertThat(m.count()).isEqualTo(140));
    }

    @Test
    void alertsFollowTheMonitoringChecklist() {
        List<ModelHealth.ModelStatus> models = List.of(
                new ModelHealth.ModelStatus("m1", BreakerState.OPEN, Optional.of(Duration.ofMillis(1500))),
                new ModelHealth.ModelStatus("m2", BreakerState.CLOSED, Optional.empty()));
        List<ModelHealth.TierStatus> tiers = List.of(new ModelHealth.TierStatus("fast", false));
        DashboardView v = DashboardAssembler.assemble(summary(), FROM, TO, models, tiers,
                new DashboardAssembler.Queue(3, 8, 2, 0), List.of());
        assertThat(v.alerts()).containsExactly("Circuit breaker of m1 is open.",
                "Tier fast cannot answer: every model of its chain is open or disabled.",
                "2 request(s) refused with \"queue is full\" since this instance started.");
        assertThat(v.breakers().get(0).untilProbe()).isEqualTo("2 s");
        assertThat(v.breakers().get(0).state()).isEqualTo("open");
        assertThat(v.queueDepth()).isEqualTo(3);
    }

    @Test
    void modelsMarkedFreeWithAStaleCheckAreAlerts() {
        List<String> alerts = DashboardAssembler.alerts(List.of(), List.of(), new DashboardAssembler.Queue(0, 0, 0, 0),
                List.of(new dev.llmproxy.domain.catalog.AllowedModel("old", "p", "old", null, true, true,
                                java.time.LocalDate.parse("2026-10-01"), null, false, null, null, null, null, null, null),
                        new dev.llmproxy.domain.catalog.AllowedModel("never", "p", "never", null, true, true,
                                null, null, false, null, null, null, null, null, null)));
        assertThat(alerts).containsExactly(
                "Model old is marked free, but its free status was last verified on 2026-10-01: check it again.",
                "Model never is marked free, but its free status was never verified: check it again.");
    }
}
