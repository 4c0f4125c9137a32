package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.breaker.ModelHealth;
import dev.llmproxy.domain.breaker.BreakerState;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.log.RequestLogRepository;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Builds the dashboard's view model from the log summary, the breakers and the queue. Pure: unit-tested. */
public final class DashboardAssembler {

    public static final int SLICES = 12;
    private static final List<String> OUTCOMES = List.of("ok", "degraded", "failed");
    private static final DateTimeFormatter HOUR_MINUTE = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC);
    private static final int GAP = 4;
    private static final int MODEL_ROW = 22;

    private DashboardAssembler() {
    }

    /** Queue and upstream figures of this instance. */
    public record Queue(int depth, int inFlight, long rejectedFull, long timedOut) {
    }

    public static DashboardView assemble(RequestLogRepository.Summary summary, Instant from, Instant to,
                                         List<ModelHealth.ModelStatus> models, List<ModelHealth.TierStatus> tiers,
                                         Queue queue, List<AllowedModel> staleFree) {
        List<Map<String, Long>> buckets = summary.byBucket();
        long max = 1;
        long total = 0;
        long degraded = 0;
        long failed = 0;
        for (Map<String, Long> b : buckets) {
            long sum = b.values().stream().mapToLong(Long::longValue).sum();
            max = Math.max(max, sum);
            total += sum;
            degraded += b.getOrDefault("degraded", 0L);
            failed += b.getOrDefault("failed", 0L);
        }
        int width = DashboardView.CHART_WIDTH / Math.max(1, buckets.size());
        long sliceMs = Duration.between(from, to).toMillis() / Math.max(1, buckets.size());
        List<DashboardView.Slice> slices = new ArrayList<>();
        for (int i = 0; i < buckets.size(); i++) {
            Map<String, Long> b = buckets.get(i);
            int y = DashboardView.CHART_HEIGHT;
            List<DashboardView.Segment> segments = new ArrayList<>();
            StringBuilder title = new StringBuilder();
            for (String outcome : OUTCOMES) {
                long n = b.getOrDefault(outcome, 0L);
                int h = (int) Math.round(n * (double) DashboardView.CHART_HEIGHT / max);
                if (n > 0 && h == 0) {
                    h = 1; // a few requests must not vanish next to many
                }
                y -= h;
                segments.add(new DashboardView.Segment(outcome, y, h));
                title.append(title.length() == 0 ? "" : ", ").append(n).append(' ').append(outcome);
            }
            String label = HOUR_MINUTE.format(from.plusMillis(sliceMs * i));
            slices.add(new DashboardView.Slice(label, i * width + GAP / 2, width - GAP, segments,
                    label + ": " + title));
        }
        long modelMax = summary.byModel().values().stream().mapToLong(Long::longValue).max().orElse(1);
        List<DashboardView.ModelBar> modelBars = new ArrayList<>();
        int row = 0;
        for (Map.Entry<String, Long> e : summary.byModel().entrySet()) {
            int w = (int) Math.max(1, Math.round(e.getValue() * (double) (DashboardView.CHART_WIDTH - 200) / modelMax));
            modelBars.add(new DashboardView.ModelBar(e.getKey(), e.getValue(), w, row++ * MODEL_ROW));
        }
        List<DashboardView.BreakerRow> breakers = breakerRows(models);
        List<DashboardView.TierRow> tierRows = tiers.stream()
                .map(t -> new DashboardView.TierRow(t.name(), t.canAnswer())).toList();
        return new DashboardView(slices, total, degraded, failed, modelBars, breakers, tierRows, queue.depth(),
                queue.inFlight(), alerts(models, tiers, queue, staleFree));
    }

    public static List<DashboardView.BreakerRow> breakerRows(List<ModelHealth.ModelStatus> models) {
        return models.stream().map(m -> new DashboardView.BreakerRow(m.name(),
                m.state().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                m.untilProbe().map(d -> Math.max(1, (d.toMillis() + 999) / 1000) + " s").orElse(""))).toList();
    }

    /** The monitoring checklist (docs/operations.md, "Metrics and alerts"), as far as one instance can tell. */
    static List<String> alerts(List<ModelHealth.ModelStatus> models, List<ModelHealth.TierStatus> tiers, Queue queue,
                               List<AllowedModel> staleFree) {
        List<String> alerts = new ArrayList<>();
        models.stream().filter(m -> m.state() == BreakerState.OPEN)
                .forEach(m -> alerts.add("Circuit breaker of " + m.name() + " is open."));
        tiers.stream().filter(t -> !t.canAnswer())
                .forEach(t -> alerts.add("Tier " + t.name() + " cannot answer: every model of its chain is open or disabled."));
        staleFree.forEach(m -> alerts.add("Model " + m.name() + " is marked free, but its free status "
                + (m.freeVerifiedOn() == null ? "was never verified" : "was last verified on " + m.freeVerifiedOn())
                + ": check it again."));
        if (queue.rejectedFull() > 0) {
            alerts.add(queue.rejectedFull() + " request(s) refused with \"queue is full\" since this instance started.");
        }
        if (queue.timedOut() > 0) {
            alerts.add(queue.timedOut() + " request(s) timed out waiting in the queue since this instance started.");
        }
        return alerts;
    }
}
