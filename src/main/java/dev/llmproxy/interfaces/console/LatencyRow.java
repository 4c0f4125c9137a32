package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.ModelLatencies;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A model's recent latencies as the console shows them: p50 / p90 / p99, or how few answers there are yet. */
public record LatencyRow(String firstToken, String total) {

    static Map<String, LatencyRow> of(ModelLatencies latencies, List<String> models) {
        Map<String, LatencyRow> rows = new LinkedHashMap<>();
        for (String m : models) {
            rows.put(m, new LatencyRow(text(latencies.summary(m, LatencyKind.FIRST_TOKEN)),
                    text(latencies.summary(m, LatencyKind.TOTAL))));
        }
        return rows;
    }

    private static String text(ModelLatencies.Summary s) {
        if (s.count() == 0) {
            return "-";
        }
        if (s.p50() == null) {
            return s.count() + (s.count() == 1 ? " answer" : " answers") + ", too few to tell";
        }
        return ModelLatencies.seconds(s.p50()) + " / " + ModelLatencies.seconds(s.p90()) + " / "
                + ModelLatencies.seconds(s.p99()) + " s (" + s.count() + ")";
    }
}
