package dev.llmproxy.infrastructure.persistence;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Adds a batch of request-log rows to the hourly totals ({@code request_rollup}) and to the dashboard's five-minute
 * slices, in the log writer's transaction: the batch is summed in memory first, so a busy hour costs one upsert per
 * model, tier, key and slice it touched, not one per request (four per request at most, in a batch of one). Slots are
 * written in one order, so that two instances adding to the same rows wait on each other instead of deadlocking.
 */
final class RequestRollups {

    private static final String COLUMNS = "hour_start, dimension, name, requests, ok, degraded, failed,"
            + " prompt_tokens, completion_tokens, costed, cost_usd";
    private static final String POSTGRES = "INSERT INTO request_rollup (" + COLUMNS + ")"
            + " VALUES (?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (hour_start, dimension, name) DO UPDATE SET"
            + " requests = request_rollup.requests + EXCLUDED.requests, ok = request_rollup.ok + EXCLUDED.ok,"
            + " degraded = request_rollup.degraded + EXCLUDED.degraded,"
            + " failed = request_rollup.failed + EXCLUDED.failed,"
            + " prompt_tokens = request_rollup.prompt_tokens + EXCLUDED.prompt_tokens,"
            + " completion_tokens = request_rollup.completion_tokens + EXCLUDED.completion_tokens,"
            + " costed = request_rollup.costed + EXCLUDED.costed,"
            + " cost_usd = request_rollup.cost_usd + EXCLUDED.cost_usd";
    /** H2 has no ON CONFLICT ... DO UPDATE; standard MERGE does the same. */
    private static final String H2 = "MERGE INTO request_rollup r USING (VALUES (CAST(? AS TIMESTAMP),"
            + " CAST(? AS VARCHAR(5)), CAST(? AS VARCHAR(200)), CAST(? AS BIGINT), CAST(? AS BIGINT),"
            + " CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT),"
            + " CAST(? AS DECIMAL(24, 10)))) AS s (" + COLUMNS + ")"
            + " ON r.hour_start = s.hour_start AND r.dimension = s.dimension AND r.name = s.name"
            + " WHEN MATCHED THEN UPDATE SET requests = r.requests + s.requests, ok = r.ok + s.ok,"
            + " degraded = r.degraded + s.degraded, failed = r.failed + s.failed,"
            + " prompt_tokens = r.prompt_tokens + s.prompt_tokens,"
            + " completion_tokens = r.completion_tokens + s.completion_tokens, costed = r.costed + s.costed,"
            + " cost_usd = r.cost_usd + s.cost_usd"
            + " WHEN NOT MATCHED THEN INSERT (" + COLUMNS + ") VALUES (s.hour_start, s.dimension, s.name,"
            + " s.requests, s.ok, s.degraded, s.failed, s.prompt_tokens, s.completion_tokens, s.costed, s.cost_usd)";

    /**
     * The dashboard's slices of the last hour: five minutes each, by answering model (rows of dimension
     * {@value #SLICE}, whose {@code hour_start} is the slice's start).
     */
    static final String SLICE = "slice";
    static final int SLICE_MINUTES = 5;

    private RequestRollups() {
    }

    /** One hour of one model, tier or key ({@code dimension}); '' names none, as in the table's key. */
    record Slot(LocalDateTime hour, String dimension, String name) {
        static final Comparator<Slot> ORDER = Comparator.comparing(Slot::hour).thenComparing(Slot::dimension)
                .thenComparing(Slot::name);

        static String orNone(String s) {
            return s == null ? "" : s;
        }
    }

    /** What a batch adds to one slot. */
    static final class Totals {
        long requests;
        long ok;
        long degraded;
        long failed;
        long promptTokens;
        long completionTokens;
        long costed;
        BigDecimal costUsd = BigDecimal.ZERO;

        /** Counts a request of this slot. */
        void count(RequestLogEntity row) {
            requests++;
            if (row.status != 200) {
                failed++;
            } else if (row.fallback) {
                degraded++;
            } else {
                ok++;
            }
            promptTokens += row.promptTokens == null ? 0 : row.promptTokens;
            completionTokens += row.completionTokens == null ? 0 : row.completionTokens;
        }

        /** Adds what a request's attempts billed in this slot; nothing when they billed nothing here. */
        void cost(BigDecimal usd) {
            if (usd != null) {
                costed++;
                costUsd = costUsd.add(usd);
            }
        }
    }

    /**
     * The batch's totals. Spend is what the providers billed, whichever way a request ended (answered, failed or
     * left), as budgets and {@code proxy_cost_usd_total} count it: by the model each billed attempt called, and by
     * the request's tier and key. Requests and tokens count by the answering model.
     */
    static Map<Slot, Totals> sum(List<RequestLogEntity> rows) {
        Map<Slot, Totals> slots = new TreeMap<>(Slot.ORDER);
        for (RequestLogEntity row : rows) {
            LocalDateTime hour = row.receivedAt.truncatedTo(ChronoUnit.HOURS);
            LocalDateTime slice = hour.plusMinutes(row.receivedAt.getMinute() / SLICE_MINUTES * SLICE_MINUTES);
            String answering = Slot.orNone(row.answeringModel);
            BigDecimal all = row.billed.values().stream().reduce(BigDecimal::add).orElse(null);
            add(slots, new Slot(hour, "model", answering), row, row.billed.get(answering));
            add(slots, new Slot(hour, "tier", Slot.orNone(row.tier)), row, all);
            add(slots, new Slot(hour, "key", Slot.orNone(row.keyId)), row, all);
            add(slots, new Slot(slice, SLICE, answering), row, null);
            row.billed.forEach((model, usd) -> {
                if (!model.equals(answering)) {
                    slots.computeIfAbsent(new Slot(hour, "model", model), x -> new Totals()).cost(usd);
                }
            });
        }
        return slots;
    }

    private static void add(Map<Slot, Totals> slots, Slot slot, RequestLogEntity row, BigDecimal usd) {
        Totals totals = slots.computeIfAbsent(slot, x -> new Totals());
        totals.count(row);
        totals.cost(usd);
    }

    static void add(Connection c, List<RequestLogEntity> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        boolean postgres = StartupLock.isPostgres(c);
        try (PreparedStatement ps = c.prepareStatement(postgres ? POSTGRES : H2)) {
            for (Map.Entry<Slot, Totals> e : sum(rows).entrySet()) {
                Slot s = e.getKey();
                Totals t = e.getValue();
                ps.setTimestamp(1, Timestamp.valueOf(s.hour()));
                ps.setString(2, s.dimension());
                ps.setString(3, s.name());
                ps.setLong(4, t.requests);
                ps.setLong(5, t.ok);
                ps.setLong(6, t.degraded);
                ps.setLong(7, t.failed);
                ps.setLong(8, t.promptTokens);
                ps.setLong(9, t.completionTokens);
                ps.setLong(10, t.costed);
                ps.setBigDecimal(11, t.costUsd);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }
}
