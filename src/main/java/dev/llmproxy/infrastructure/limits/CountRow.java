package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Window;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** One stored row of counts: a window of a bucket, under the bucket's counts key for it. */
record CountRow(Bucket bucket, Window window, String key) {

    /** Every window of the buckets, in key order: the order rows are locked in, by every instance. */
    static List<CountRow> of(List<Bucket> buckets) {
        List<CountRow> rows = new ArrayList<>();
        for (Bucket b : buckets) {
            for (Window w : b.windows()) {
                rows.add(new CountRow(b, w, b.countsKey(w)));
            }
        }
        rows.sort(Comparator.comparing(CountRow::key));
        return rows;
    }
}
