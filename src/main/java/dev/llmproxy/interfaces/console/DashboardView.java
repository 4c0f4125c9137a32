package dev.llmproxy.interfaces.console;

import java.util.List;

/**
 * What the dashboard shows, with the charts already laid out (the template only draws rectangles).
 *
 * @param slices   requests per slice of the last hour, stacked by outcome
 * @param models   requests per answering model over the hour
 * @param alerts   the monitoring checklist's alerts that hold now
 */
public record DashboardView(List<Slice> slices, long hourTotal, long hourDegraded, long hourFailed,
                            List<ModelBar> models, List<BreakerRow> breakers, List<TierRow> tiers,
                            int queueDepth, int inFlight, List<String> alerts) {

    public static final int CHART_WIDTH = 600;
    public static final int CHART_HEIGHT = 160;

    /** This view with more alerts after its own (the budgets', which come from elsewhere). */
    public DashboardView withAlerts(List<String> more) {
        List<String> all = new java.util.ArrayList<>(alerts);
        all.addAll(more);
        return new DashboardView(slices, hourTotal, hourDegraded, hourFailed, models, breakers, tiers, queueDepth,
                inFlight, List.copyOf(all));
    }

    /** One column of the outcome chart: rectangles from the bottom up (ok, degraded, failed). */
    public record Slice(String label, int x, int width, List<Segment> segments, String title) {
    }

    public record Segment(String outcome, int y, int height) {
    }

    /** One row of the model chart. */
    public record ModelBar(String model, long count, int width, int y) {
    }

    public record BreakerRow(String model, String state, String untilProbe) {
    }

    public record TierRow(String name, boolean canAnswer) {
    }
}
