package dev.llmproxy.infrastructure.persistence;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Serialises start-up work across instances that share a database (migrations, the bootstrap configuration, the
 * bootstrap admin): instances started together would otherwise race to create the same tables and rows. On
 * PostgreSQL a session advisory lock; an embedded H2 database has one process only, so nothing is needed there.
 *
 * <p>Waiting for the lock is bounded by {@link #WAIT}, not by the driver's {@code socketTimeout}: that one is chosen
 * (seconds) for the request path, and an instance that waits while another migrates would otherwise fail to start
 * because a read took longer than a query should.
 */
public final class StartupLock implements AutoCloseable {

    /** Any constant shared by every instance of this application. */
    private static final long KEY = 0x4c4c4d50524f5859L; // "LLMPROXY"
    /** How long an instance waits for another's start-up work (a long migration) before it fails to start. */
    static final Duration WAIT = Duration.ofMinutes(10);
    /** What the socket may wait beyond the lock's own timeout, so that PostgreSQL's answer says why it stopped. */
    private static final Duration MARGIN = Duration.ofSeconds(30);
    private static final String LOCK_NOT_AVAILABLE = "55P03";

    private final Connection connection;

    private StartupLock(Connection connection) {
        this.connection = connection;
    }

    public static StartupLock acquire(DataSource dataSource) throws SQLException {
        return acquire(dataSource, WAIT);
    }

    static StartupLock acquire(DataSource dataSource, Duration wait) throws SQLException {
        Connection c = dataSource.getConnection();
        try {
            if (isPostgres(c)) {
                lock(c, wait);
                return new StartupLock(c);
            }
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
        c.close();
        return new StartupLock(null);
    }

    private static void lock(Connection c, Duration wait) throws SQLException {
        Integer network = widenNetworkTimeout(c, wait.plus(MARGIN));
        SQLException failure = null;
        try (Statement s = c.createStatement()) {
            s.execute("SET lock_timeout = " + wait.toMillis());
            try {
                s.execute("SELECT pg_advisory_lock(" + KEY + ")");
            } catch (SQLException e) {
                failure = LOCK_NOT_AVAILABLE.equals(e.getSQLState()) ? new SQLException("Another instance has held "
                        + "the start-up lock (migrations, first configuration) for " + wait.toMinutes() + " minutes; "
                        + "this instance does not start. Look for an instance stuck in its start, or a migration "
                        + "still running.", e) : e;
            }
            // a pooled connection outlives this use, failed or not: its settings must be as the pool gave them
            s.execute("RESET lock_timeout");
            if (network != null) {
                c.setNetworkTimeout(Runnable::run, network);
            }
        } catch (SQLException e) {
            if (failure == null) {
                throw e;
            }
            failure.addSuppressed(e);
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Raises the socket's read timeout to {@code atLeast} if it is shorter; the timeout it had, or null if kept. */
    private static Integer widenNetworkTimeout(Connection c, Duration atLeast) throws SQLException {
        try {
            int before = c.getNetworkTimeout();
            if (before == 0 || before >= atLeast.toMillis()) {
                return null;
            }
            c.setNetworkTimeout(Runnable::run, (int) atLeast.toMillis());
            return before;
        } catch (SQLFeatureNotSupportedException | UnsupportedOperationException notHere) {
            return null; // a pool that does not pass it on: the URL's socketTimeout bounds the wait, as before
        }
    }

    @Override
    public void close() throws SQLException {
        if (connection == null) {
            return;
        }
        try (Connection c = connection; Statement s = c.createStatement()) {
            // a pooled connection outlives this use: the session lock must be given back explicitly
            s.execute("SELECT pg_advisory_unlock(" + KEY + ")");
        }
    }

    static boolean isPostgres(Connection c) throws SQLException {
        return c.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT).contains("postgres");
    }
}
