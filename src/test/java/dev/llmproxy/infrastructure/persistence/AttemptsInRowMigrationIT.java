package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.testing.MigratedDatabases;
import dev.llmproxy.testing.PostgresDatabases;
import dev.llmproxy.testing.Sql;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A log written while attempts were rows of their own keeps every attempt, in order and with every field, once they
 * move into their request's row; requests without attempts keep none; the table and the dropped indexes are gone.
 */
class AttemptsInRowMigrationIT {

    private static final String DATABASE = "llmproxy_attempts_it";

    @AfterAll
    static void drop() throws Exception {
        PostgresDatabases.drop(DATABASE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void attemptsWrittenAsRowsMoveIntoTheirRequestsRow(String database) throws Exception {
        DataSource ds = MigratedDatabases.empty(database, DATABASE);
        new SchemaMigrations(ds).migrate("25");
        Sql.exec(ds, "INSERT INTO request_log (request_id, received_at, fallback, status, latency_ms, truncated,"
                + " saw_429, stream) VALUES ('two', CURRENT_TIMESTAMP, TRUE, 200, 9, FALSE, TRUE, FALSE),"
                + " ('none', CURRENT_TIMESTAMP, FALSE, 200, 4, FALSE, FALSE, FALSE)");
        Sql.exec(ds, "INSERT INTO request_attempt (request_id, seq, model, outcome, status, latency_ms, reason, tokens,"
                + " cost_usd) VALUES ('two', 1, 'b', 'SUCCESS', 200, 5, NULL, 42, 0.0000255),"
                + " ('two', 0, 'a', 'RATE_LIMITED', 429, 3, 'said \"slow down\" in ü', NULL, NULL)");

        assertThat(new SchemaMigrations(ds).migrate()).isEqualTo(MigrationScripts.ALL.size());

        String json = Sql.column(ds, "SELECT attempts FROM request_log WHERE request_id = 'two'").get(0);
        List<AttemptRecord> two = AttemptsJson.read("two", json);
        assertThat(two).hasSize(2);
        assertThat(two.get(0)).isEqualTo(new AttemptRecord("a", Outcome.RATE_LIMITED, 429, Duration.ofMillis(3),
                "said \"slow down\" in ü", null, null));
        assertThat(two.get(1).model()).isEqualTo("b");
        assertThat(two.get(1).outcome()).isEqualTo(Outcome.SUCCESS);
        assertThat(two.get(1).tokens()).isEqualTo(42);
        assertThat(two.get(1).costUsd()).isEqualByComparingTo(new BigDecimal("0.0000255"));
        assertThat(Sql.column(ds, "SELECT attempts FROM request_log WHERE request_id = 'none'")).containsOnlyNulls();
        assertThat(Sql.column(ds, "SELECT COUNT(*) FROM information_schema.tables"
                + " WHERE LOWER(table_name) = 'request_attempt'"))
                .containsExactly("0");
        assertThat(Sql.column(ds, database.equals("h2")
                ? "SELECT LOWER(index_name) FROM information_schema.indexes WHERE LOWER(table_name) = 'request_log'"
                + " AND LOWER(index_name) LIKE 'request_log_%' ORDER BY 1"
                : "SELECT indexname FROM pg_indexes WHERE tablename = 'request_log' AND indexname <> 'request_log_pkey'"
                + " ORDER BY 1")).containsExactly("request_log_client", "request_log_key", "request_log_time");
    }
}
