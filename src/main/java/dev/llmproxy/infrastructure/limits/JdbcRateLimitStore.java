package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.RateLimitStore;
import dev.llmproxy.domain.limits.WindowCounts;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The shared store: one {@code rate_window} row per window of a bucket, locked ({@code SELECT ... FOR UPDATE}, in key
 * order so two requests never wait on each other crosswise) while the counts are checked and the request entered. Every instance
 * on the database therefore sees the same counts and none can overshoot a limit. Portable SQL (H2, PostgreSQL).
 */
public final class JdbcRateLimitStore implements RateLimitStore {

    /** A lost race to create a bucket row, or a deadlock the database broke: start over, a few times. */
    private static final int ATTEMPTS = 3;
    private static final String UPDATE = "UPDATE rate_window SET hits = ?, updated_at = ? WHERE bucket_key = ?";
    private static final String INSERT = "INSERT INTO rate_window (bucket_key, hits, updated_at) VALUES (?, ?, ?)";

    private final DataSource dataSource;
    private final int queryTimeoutSeconds;

    public JdbcRateLimitStore(DataSource dataSource, int queryTimeoutSeconds) {
        this.dataSource = dataSource;
        this.queryTimeoutSeconds = queryTimeoutSeconds;
    }

    @Override
    public Decision take(List<Bucket> buckets, Instant now) {
        List<CountRow> rows = CountRow.of(buckets);
        SQLException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                return takeOnce(rows, now.toEpochMilli());
            } catch (SQLException e) {
                if (!retryable(e)) {
                    throw new IllegalStateException("rate-limit store failed: " + e.getMessage(), e);
                }
                last = e;
            }
        }
        throw new IllegalStateException("rate-limit store kept conflicting: " + last.getMessage(), last);
    }

    private Decision takeOnce(List<CountRow> rows, long now) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                Map<String, WindowCounts> counts = lock(c, rows);
                for (CountRow r : rows) {
                    if (!counts.containsKey(r.key())) {
                        insert(c, r.key(), now); // the new row is ours (locked) until commit
                        counts.put(r.key(), WindowCounts.EMPTY);
                    }
                }
                for (CountRow r : rows) {
                    Duration wait = counts.get(r.key()).refusal(r.window(), now);
                    if (wait != null) {
                        c.commit(); // keeps the rows just created; nothing was entered
                        return new Decision.Refused(r.bucket().key(), r.window(), wait);
                    }
                }
                Map<String, Integer> used = new HashMap<>();
                try (PreparedStatement ps = c.prepareStatement(UPDATE)) {
                    ps.setQueryTimeout(queryTimeoutSeconds);
                    for (CountRow r : rows) {
                        WindowCounts entered = counts.get(r.key()).record(r.window(), now);
                        used.put(r.key(), entered.total());
                        ps.setString(1, entered.encode());
                        ps.setLong(2, now);
                        ps.setString(3, r.key());
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
                c.commit();
                return new Decision.Allowed(used);
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c);
                throw e;
            }
        }
    }

    private Map<String, WindowCounts> lock(Connection c, List<CountRow> rows) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT bucket_key, hits FROM rate_window WHERE bucket_key IN (");
        for (int i = 0; i < rows.size(); i++) {
            sql.append(i == 0 ? "?" : ",?");
        }
        sql.append(") ORDER BY bucket_key FOR UPDATE");
        Map<String, WindowCounts> counts = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            for (int i = 0; i < rows.size(); i++) {
                ps.setString(i + 1, rows.get(i).key());
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    counts.put(rs.getString(1), WindowCounts.decode(rs.getString(2)));
                }
            }
        }
        return counts;
    }

    private void insert(Connection c, String key, long now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            ps.setString(1, key);
            ps.setString(2, "");
            ps.setLong(3, now);
            ps.executeUpdate();
        }
    }

    /** Forgets buckets untouched for longer than {@code idle}. @return how many */
    public int sweep(Instant now, Duration idle) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM rate_window WHERE updated_at < ?")) {
            ps.setLong(1, now.minus(idle).toEpochMilli());
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not sweep rate_window: " + e.getMessage(), e);
        }
    }

    /** Unique violation (a concurrent first request made the row), deadlock or serialization failure. */
    private static boolean retryable(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("23") || state.equals("40001") || state.equals("40P01"));
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is going back to the pool or away; the original failure is what matters
        }
    }
}
