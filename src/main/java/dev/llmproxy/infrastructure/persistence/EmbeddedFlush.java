package dev.llmproxy.infrastructure.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Puts what an instance alone on embedded H2 has just written behind into the database file. H2 acknowledges a commit
 * at once and writes it to its file up to {@code WRITE_DELAY} ms later, so a killed process would lose the counts it
 * had written in its last half second too; a {@code CHECKPOINT} after each write-behind keeps the loss to what was not
 * written yet. Once a second, by the writers that have something to write, so it costs the request path nothing.
 */
public final class EmbeddedFlush {

    private static final Logger LOG = Logger.getLogger(EmbeddedFlush.class.getName());
    private static volatile boolean refused;

    private EmbeddedFlush() {
    }

    public static void flush(DataSource dataSource) {
        try (Connection c = dataSource.getConnection()) {
            flush(c);
        } catch (SQLException e) {
            LOG.fine("H2: could not flush (" + e.getMessage() + ")");
        }
    }

    public static void flush(Connection c) throws SQLException {
        if (refused) {
            return;
        }
        try (Statement s = c.createStatement()) {
            s.execute("CHECKPOINT");
        } catch (SQLException e) {
            if (e.getErrorCode() == 90040) { // not the database's admin: say once what a crash can cost
                refused = true;
                LOG.warning("H2: the database user may not flush its file (" + e.getMessage() + "); a killed "
                        + "process can lose the counts written in its last half second too");
                return;
            }
            throw e;
        }
    }
}
