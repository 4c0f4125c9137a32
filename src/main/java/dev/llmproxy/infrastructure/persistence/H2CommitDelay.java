package dev.llmproxy.infrastructure.persistence;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.logging.Logger;

/**
 * Makes H2's commits durable while durable ones are wanted. H2 acknowledges a commit at once and writes it to its file
 * in the background up to {@code WRITE_DELAY} ms later (500 by default), so a killed process loses commits it had
 * acknowledged. While durable commits are wanted the delay is 0 (a commit is in the file, though not necessarily on
 * the disk's platters, when it returns: it survives the process, not a power cut); afterwards the delay found before
 * is put back. The delay is the database's, so it is switched only when the wish changes. Other databases are left
 * alone: PostgreSQL's commit is durable when it returns.
 */
final class H2CommitDelay {

    private static final Logger LOG = Logger.getLogger(H2CommitDelay.class.getName());

    private Boolean h2;
    private Boolean durable;
    private Integer before;

    /** Puts the wish in force on this connection's database before the transaction that needs it commits. */
    synchronized void ensure(Connection c, boolean wantDurable) throws SQLException {
        if (h2 == null) {
            h2 = c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("h2");
        }
        if (!h2 || (durable != null && durable == wantDurable)) {
            return;
        }
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(true); // SET WRITE_DELAY commits whatever is open: run it on its own
        try (Statement s = c.createStatement()) {
            if (wantDurable) {
                if (before == null) {
                    before = current(s);
                }
                s.execute("SET WRITE_DELAY 0");
                LOG.info("H2: commits are written to the database file before they return (request log durability "
                        + "sync; the delay was " + before + " ms)");
            } else if (before != null) {
                s.execute("SET WRITE_DELAY " + before);
                LOG.info("H2: commits are written to the database file up to " + before + " ms after they return "
                        + "(request log durability async)");
            }
        } catch (SQLException e) {
            // not the database's admin: the rows are still written; say once that a crash can lose the last ones
            LOG.warning("H2: the commit delay could not be changed (" + e.getMessage() + "); with request log "
                    + "durability sync a killed process can still lose the rows of its last half second");
        } finally {
            durable = wantDurable;
            c.setAutoCommit(autoCommit);
        }
    }

    private static int current(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery(
                "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'WRITE_DELAY'")) {
            return rs.next() ? Integer.parseInt(rs.getString(1).trim()) : 500;
        }
    }
}
