package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.testing.PostgresDatabases;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Instances started together on one PostgreSQL take turns; the one that waits must not fail because the wait took
 * longer than the driver's socketTimeout (which the docs set to seconds for the request path).
 */
class StartupLockIT {

    private static final String DATABASE = "llmproxy_startup_lock_it";
    /** Other tests' instances may take the same lock in their own databases at the same time. */
    private static final String HERE =
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())";

    @BeforeAll
    static void create() throws SQLException {
        PostgresDatabases.recreate(DATABASE);
    }

    @AfterAll
    static void drop() throws SQLException {
        PostgresDatabases.drop(DATABASE);
    }

    @Test
    void anInstanceWaitingLongerThanTheSocketTimeoutGetsTheLockWhenTheOtherIsDone() throws Exception {
        PGSimpleDataSource oneSecondReads = dataSource("?socketTimeout=1");
        try (Connection other = holder()) {
            CompletableFuture<StartupLock> waiting = CompletableFuture.supplyAsync(() -> acquire(oneSecondReads));
            await().atMost(Duration.ofSeconds(10)).until(() -> waiters(other) == 1);
            // twice the socket timeout: the wait alone must not end it
            await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).until(() -> !waiting.isDone());

            unlock(other);
            try (StartupLock lock = waiting.get()) {
                assertThat(lock).isNotNull();
                assertThat(holders(other)).isEqualTo(1);
            }
            assertThat(holders(other)).isZero();
        }
    }

    @Test
    void anInstanceThatWaitsPastTheBoundFailsToStartAndSaysWhy() throws Exception {
        PGSimpleDataSource ds = dataSource("");
        try (Connection other = holder()) {
            assertThatThrownBy(() -> StartupLock.acquire(ds, Duration.ofSeconds(1)))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("held the start-up lock");
            assertThat(waiters(other)).isZero();
            unlock(other);
        }
        try (StartupLock free = StartupLock.acquire(ds, Duration.ofSeconds(1))) {
            assertThat(free).isNotNull();
        }
    }

    private static StartupLock acquire(PGSimpleDataSource ds) {
        try {
            return StartupLock.acquire(ds);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Another instance in its start-up work: holds the lock on a session of its own. */
    private static Connection holder() throws SQLException {
        Connection c = DriverManager.getConnection(PostgresDatabases.url(DATABASE, 5432), PostgresDatabases.USER, "");
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_lock(" + key() + ")");
        }
        return c;
    }

    private static void unlock(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_unlock(" + key() + ")");
        }
    }

    private static long waiters(Connection c) throws SQLException {
        return count(c, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted" + HERE);
    }

    private static long holders(Connection c) throws SQLException {
        return count(c, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"
                + " AND pid <> pg_backend_pid()" + HERE);
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    /** The lock's key, as the product's instances use it ("LLMPROXY"). */
    private static long key() {
        return 0x4c4c4d50524f5859L;
    }

    private static PGSimpleDataSource dataSource(String parameters) {
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(PostgresDatabases.url(DATABASE, 5432) + parameters);
        pg.setUser(PostgresDatabases.USER);
        return pg;
    }
}
