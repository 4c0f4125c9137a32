package dev.llmproxy.infrastructure.persistence;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Serialises start-up work across instances that share a database (migrations, the bootstrap configuration, the
 * bootstrap admin): instances started together would otherwise race to create the same tables and rows. On
 * PostgreSQL a session advisory lock; an embedded H2 database has one process only, so nothing is needed there.
 */
public final class StartupLock implements AutoCloseable {

    /** Any constant shared by every instance of this application. */
    private static final long KEY = 0x4c4c4d50524f5859L; // "LLMPROXY"

    private final Connection connection;

    private StartupLock(Connection connection) {
        this.connection = connection;
    }

    public static StartupLock acquire(DataSource dataSource) throws SQLException {
        Connection c = dataSource.getConnection();
        try {
            if (isPostgres(c)) {
                try (Statement s = c.createStatement()) {
                    s.execute("SELECT pg_advisory_lock(" + KEY + ")");
                }
                return new StartupLock(c);
            }
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
        c.close();
        return new StartupLock(null);
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
