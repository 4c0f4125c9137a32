package dev.llmproxy.infrastructure.persistence;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Deletes request-log rows (and the response a request stored) older than a cutoff, oldest first, in batches: each
 * batch is one short transaction of its own, so the purge never holds locks the request-log writer needs for long.
 * Portable SQL.
 */
public final class RequestLogPurge {

    private static final int QUERY_TIMEOUT_SECONDS = 10;

    private final DataSource dataSource;

    public RequestLogPurge(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * Deletes at most {@code batch} of the oldest rows received before {@code cutoff}.
     *
     * @return how many rows went; fewer than {@code batch} means none older is left
     */
    public int purgeBatch(Instant cutoff, int batch) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                List<String> ids = oldest(c, cutoff, batch);
                if (!ids.isEmpty()) {
                    delete(c, "DELETE FROM stored_response WHERE request_id IN ", ids);
                    delete(c, "DELETE FROM request_log WHERE request_id IN ", ids);
                }
                c.commit();
                return ids.size();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /**
     * Deletes the stored responses made before {@code cutoff}, by their own time: one whose request-log row never
     * landed (refused, dropped) would otherwise be kept for ever.
     *
     * @return how many went
     */
    public int purgeStoredResponses(Instant cutoff) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM stored_response WHERE created_at < ?")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setTimestamp(1, Timestamp.valueOf(LocalDateTime.ofInstant(cutoff, ZoneOffset.UTC)));
            return ps.executeUpdate();
        }
    }

    /**
     * Deletes the hourly totals of hours before {@code before} in one statement (an hour holds a row per model, tier
     * and key it saw, not one per request).
     *
     * @return how many rows went
     */
    public int purgeTotals(Instant before) throws SQLException {
        try (Connection c = dataSource.getConnection();
             // the dimensions named, so that the key (dimension, hour_start, name) finds the old hours
             PreparedStatement ps = c.prepareStatement("DELETE FROM request_rollup"
                     + " WHERE dimension IN ('model', 'tier', 'key', '" + RequestRollups.SLICE + "')"
                     + " AND hour_start < ?")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setTimestamp(1, Timestamp.valueOf(LocalDateTime.ofInstant(before, ZoneOffset.UTC)));
            return ps.executeUpdate();
        }
    }

    private static List<String> oldest(Connection c, Instant cutoff, int batch) throws SQLException {
        List<String> ids = new ArrayList<>(batch);
        try (PreparedStatement ps = c.prepareStatement("SELECT request_id FROM request_log WHERE received_at < ? "
                + "ORDER BY received_at, request_id FETCH FIRST " + batch + " ROWS ONLY")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            // received_at is UTC wall time, as the log stores it
            ps.setTimestamp(1, Timestamp.valueOf(LocalDateTime.ofInstant(cutoff, ZoneOffset.UTC)));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        return ids;
    }

    private static void delete(Connection c, String sql, List<String> ids) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql + "(" + "?,".repeat(ids.size() - 1) + "?)")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            for (int i = 0; i < ids.size(); i++) {
                ps.setString(i + 1, ids.get(i));
            }
            ps.executeUpdate();
        }
    }
}
