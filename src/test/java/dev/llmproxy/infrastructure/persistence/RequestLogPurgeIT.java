package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.application.config.FixedConfigs;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.testing.MigratedDatabases;
import dev.llmproxy.testing.PostgresDatabases;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.ds.PGSimpleDataSource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Retention deletes exactly the rows older than the cutoff, in batches, on H2 and PostgreSQL. */
class RequestLogPurgeIT {

    private static final String DATABASE = "llmproxy_purge_it";
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static JdbcDataSource h2;
    private static PGSimpleDataSource pg;

    @BeforeAll
    static void databases() throws Exception {
        h2 = MigratedDatabases.h2("purge");
        pg = MigratedDatabases.postgres(DATABASE);
    }

    @AfterAll
    static void drop() throws Exception {
        PostgresDatabases.drop(DATABASE);
    }

    private static DataSource of(String database) {
        return database.equals("h2") ? h2 : pg;
    }

    private static RequestRecord row(String id, Instant at) {
        return new RequestRecord(id, at, "t", "t", "m", false, 200, null, 5, null, null, null, "stop", false, false,
                false, List.of(new AttemptRecord("m", Outcome.SERVER_ERROR, 503, Duration.ofMillis(3), "503"),
                        new AttemptRecord("m", Outcome.SUCCESS, 200, Duration.ofMillis(4), null)),
                null, null, null, null);
    }

    private static void insert(DataSource ds, List<RequestRecord> rows) throws SQLException {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            RequestLogInserts.insert(c, rows);
            c.commit();
        }
    }

    private static long count(DataSource ds, String sql) throws SQLException {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void theRowsPastTheRetentionGoTheRestStayAndTheirHourlyTotalsStayLonger(String database) throws Exception {
        DataSource ds = of(database);
        String p = database + "-";
        List<RequestRecord> rows = new ArrayList<>();
        for (int i = 0; i < 2_500; i++) {
            rows.add(row(p + "old-" + i, NOW.minus(Duration.ofDays(31)).plusSeconds(i)));
        }
        for (int i = 0; i < 20; i++) {
            rows.add(row(p + "new-" + i, NOW.minus(Duration.ofDays(29)).plusSeconds(i)));
        }
        rows.add(row(p + "over-a-year", NOW.minus(Duration.ofDays(401))));
        insert(ds, rows);
        String month = "SELECT SUM(requests) FROM request_rollup WHERE hour_start >= TIMESTAMP '2026-10-31 00:00:00'";
        long totalsBefore = count(ds, month);

        RequestLogRetention retention = new RequestLogRetention(ds, FixedConfigs.holding(RuntimeConfig.of(1,
                List.of(), List.of(), List.of(), Settings.builder().set("requestLogRetentionDays", 30L).build())),
                Clock.fixed(NOW, ZoneOffset.UTC), null, new JdbcKeptAnswers(ds));
        retention.purge(); // 2,500 rows: three batches in one run

        String mine = " WHERE request_id LIKE '" + p + "%'";
        assertThat(count(ds, "SELECT count(*) FROM request_log" + mine)).isEqualTo(20);
        assertThat(count(ds, "SELECT count(*) FROM request_log" + mine + " AND attempts IS NOT NULL")).isEqualTo(20);
        assertThat(count(ds, "SELECT count(*) FROM request_log WHERE request_id LIKE '" + p + "old-%'")).isZero();
        assertThat(new RequestLogPurge(ds).purgeBatch(NOW.minus(Duration.ofDays(30)), 1_000)).isZero();
        // the hourly totals outlive the log's rows (spend stays whole), but not for ever
        assertThat(count(ds, month)).isEqualTo(totalsBefore);
        assertThat(count(ds, "SELECT COUNT(*) FROM request_rollup WHERE hour_start < TIMESTAMP '2025-11-01 00:00:00'"))
                .isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aRetentionOfZeroKeepsEverything(String database) throws Exception {
        DataSource ds = of(database);
        String id = database + "-ancient";
        insert(ds, List.of(row(id, NOW.minus(Duration.ofDays(3_000)))));
        RequestLogRetention retention = new RequestLogRetention(ds, FixedConfigs.holding(RuntimeConfig.of(1,
                List.of(), List.of(), List.of(), Settings.builder().set("requestLogRetentionDays", 0L).build())),
                Clock.fixed(NOW, ZoneOffset.UTC), null, new JdbcKeptAnswers(ds));
        retention.purge();
        assertThat(count(ds, "SELECT count(*) FROM request_log WHERE request_id = '" + id + "'")).isEqualTo(1);
    }
}
