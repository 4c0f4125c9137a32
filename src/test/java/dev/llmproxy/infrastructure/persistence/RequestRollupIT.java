package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.log.RequestLogRepository;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.testing.MigratedDatabases;
import dev.llmproxy.testing.PostgresDatabases;
import dev.llmproxy.testing.Sql;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hourly totals always say what summing the log's rows says: filled from a log written before they existed, then
 * kept by the writer across batches, concurrent writers and hours, on H2 and PostgreSQL.
 */
class RequestRollupIT {

    private static final String DATABASE = "llmproxy_rollup_it";
    private static final Instant T = Instant.parse("2026-12-02T10:00:00Z");
    /**
     * The totals as the log's own rows give them, for one dimension (column: a column of the log). Spend counts every
     * request's cost; the totals filled from a log written before them counted answered requests only, as spend did
     * then (rows of these tests have no attempts, so a cost counts under the answering model, or none).
     */
    private static String fromLog(String dimension, String column) {
        return "SELECT CAST(h AS VARCHAR(30)) || ' " + dimension + " ' || n || ' ' || COUNT(*) || ' '"
                + " || SUM(CASE WHEN status = 200 AND NOT fallback THEN 1 ELSE 0 END) || ' '"
                + " || SUM(CASE WHEN status = 200 AND fallback THEN 1 ELSE 0 END) || ' '"
                + " || SUM(CASE WHEN status <> 200 THEN 1 ELSE 0 END) || ' ' || COALESCE(SUM(prompt_tokens), 0)"
                + " || ' ' || COALESCE(SUM(completion_tokens), 0) || ' ' || COUNT(answered_cost) || ' '"
                + " || CAST(COALESCE(SUM(answered_cost), 0) AS DECIMAL(24, 10)) FROM (SELECT DATE_TRUNC('HOUR',"
                + " received_at) AS h, COALESCE(" + column + ", '') AS n, status, fallback, prompt_tokens,"
                + " completion_tokens, CASE WHEN answering_model IS NULL AND request_id LIKE 'before-%' THEN NULL"
                + " ELSE cost_usd END AS answered_cost"
                + " FROM request_log) t GROUP BY h, n";
    }

    private static List<String> fromLog(DataSource ds) throws Exception {
        List<String> rows = new ArrayList<>(Sql.column(ds, fromLog("model", "answering_model")));
        rows.addAll(Sql.column(ds, fromLog("tier", "tier")));
        rows.addAll(Sql.column(ds, fromLog("key", "key_id")));
        return rows.stream().sorted().toList();
    }

    private static List<String> totals(DataSource ds) throws Exception {
        return Sql.column(ds, "SELECT CAST(hour_start AS VARCHAR(30)) || ' ' || dimension || ' ' || name || ' '"
                + " || requests || ' ' || ok || ' ' || degraded || ' ' || failed || ' ' || prompt_tokens || ' '"
                + " || completion_tokens || ' ' || costed || ' ' || cost_usd FROM request_rollup WHERE dimension <> '"
                + RequestRollups.SLICE + "'").stream().sorted().toList();
    }

    @AfterAll
    static void drop() throws Exception {
        PostgresDatabases.drop(DATABASE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void theTotalsSayWhatTheLogsRowsSay(String database) throws Exception {
        DataSource ds = MigratedDatabases.empty(database, DATABASE);
        new SchemaMigrations(ds).migrate("26");
        SplittableRandom random = new SplittableRandom(7);
        try (Connection c = ds.getConnection()) {
            RequestLogInserts.logRows(c, rows(random, "before-", 300).stream().map(RequestLogMapper::toEntity)
                    .toList(), RequestLogInserts.BEFORE_REUSE);
        }

        new SchemaMigrations(ds).migrate();
        List<String> filled = totals(ds);
        assertThat(filled).isNotEmpty().isEqualTo(fromLog(ds));

        insert(ds, rows(random, "after-", 200));
        List<CompletableFuture<Void>> writers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            List<RequestRecord> rows = rows(random, "writer" + w + "-", 250);
            writers.add(CompletableFuture.runAsync(() -> {
                for (int i = 0; i < rows.size(); i += 25) {
                    insert(ds, rows.subList(i, i + 25));
                }
            }));
        }
        CompletableFuture.allOf(writers.toArray(CompletableFuture[]::new)).join();
        assertThat(totals(ds)).isNotEqualTo(filled).isEqualTo(fromLog(ds));
    }

    /** Rows over five hours, some without tier, key, answer or cost, with every outcome. */
    private static List<RequestRecord> rows(SplittableRandom r, String prefix, int n) {
        List<RequestRecord> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int status = r.nextInt(4) == 0 ? 502 : 200;
            String tier = r.nextInt(3) == 0 ? null : "t" + r.nextInt(2);
            rows.add(RequestRecord.of(prefix + i, T.plus(Duration.ofMinutes(r.nextInt(300))))
                    .asked(tier, tier == null ? "m" : tier)
                    .answeredBy(status == 200 ? "m" + r.nextInt(3) : null, status == 200 && r.nextBoolean())
                    .status(status, status == 200 ? null : "upstream_error")
                    .usage(r.nextInt(5) == 0 ? null : r.nextInt(1_000), r.nextInt(300), null)
                    .cost(r.nextInt(4) == 0 ? null : BigDecimal.valueOf(r.nextInt(1_000_000), 9))
                    .caller(new CallerRecord("h", r.nextBoolean() ? null : "k" + r.nextInt(3), null, null, null,
                            null), null)
                    .build());
        }
        return rows;
    }

    private static void insert(DataSource ds, List<RequestRecord> rows) {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            RequestLogInserts.insert(c, rows);
            c.commit();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void theDashboardsSlicesOfAnHourSayWhatTheLogsRowsSay(String database) throws Exception {
        DataSource ds = MigratedDatabases.empty(database, DATABASE + "_slices");
        new SchemaMigrations(ds).migrate();
        List<RequestRecord> rows = rows(new SplittableRandom(11), "slices-", 400);
        for (int i = 0; i < rows.size(); i += 40) {
            insert(ds, rows.subList(i, i + 40));
        }
        Instant from = T.plus(Duration.ofHours(2));
        Instant to = from.plus(Duration.ofHours(1));
        RequestLogRepository.Summary summary;
        try (Connection c = ds.getConnection()) {
            summary = RequestLogSummaries.query(c, from, to, 12);
        }
        List<Map<String, Long>> expected = new ArrayList<>();
        Map<String, Long> byModel = new HashMap<>();
        for (int i = 0; i < 12; i++) {
            expected.add(new HashMap<>(Map.of("ok", 0L, "degraded", 0L, "failed", 0L)));
        }
        for (RequestRecord r : rows) {
            if (!r.receivedAt().isBefore(from) && r.receivedAt().isBefore(to)) {
                String outcome = r.status() != 200 ? "failed" : r.fallback() ? "degraded" : "ok";
                expected.get((int) (Duration.between(from, r.receivedAt()).toMinutes() / 5)).merge(outcome, 1L,
                        Long::sum);
                if (r.answeringModel() != null) {
                    byModel.merge(r.answeringModel(), 1L, Long::sum);
                }
            }
        }
        assertThat(summary.byBucket()).isEqualTo(expected);
        assertThat(summary.byModel()).isEqualTo(byModel);
        PostgresDatabases.drop(DATABASE + "_slices");
    }
}
