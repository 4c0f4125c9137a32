package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.RateLimitStore;
import dev.llmproxy.domain.limits.SlidingLog;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The shared store: one {@code rate_window} row per bucket, locked ({@code SELECT ... FOR UPDATE}, in key order so
 * two requests never wait on each other crosswise) while the log is checked and the request entered. Every instance
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
        List<Bucket> ordered = buckets.stream().sorted(Comparator.comparing(Bucket::key)).toList();
        SQLException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                return takeOnce(ordered, now.toEpochMilli());
            } catch (SQLException e) {
                if (!retryable(e)) {
                    throw new IllegalStateException("rate-limit store failed: " + e.getMessage(), e);
                }
                last = e;
            }
        }
        throw new IllegalStateException("rate-limit store kept conflicting: " + last.getMessage(), last);
    }

    private Decision takeOnce(List<Bucket> buckets, long now) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                Map<String, SlidingLog> logs = lock(c, buckets);
                for (Bucket b : buckets) {
                    if (!logs.containsKey(b.key())) {
                        insert(c, b.key(), now); // the new row is ours (locked) until commit
                        logs.put(b.key(), SlidingLog.EMPTY);
                    }
                }
                for (Bucket b : buckets) {
                    Decision.Refused refused = logs.get(b.key()).check(b, now);
                    if (refused != null) {
                        c.commit(); // keeps the rows just created; nothing was entered
                        return refused;
                    }
                }
                try (PreparedStatement ps = c.prepareStatement(UPDATE)) {
                    ps.setQueryTimeout(queryTimeoutSeconds);
                    for (Bucket b : buckets) {
                        ps.setString(1, logs.get(b.key()).record(b, now).encode());
                        ps.setLong(2, now);
                        ps.setString(3, b.key());
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
                c.commit();
                return Decision.ALLOWED;
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c);
                throw e;
            }
        }
    }

    private Map<String, SlidingLog> lock(Connection c, List<Bucket> buckets) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT bucket_key, hits FROM rate_window WHERE bucket_key IN (");
        for (int i = 0; i < buckets.size(); i++) {
            sql.append(i == 0 ? "?" : ",?");
        }
        sql.append(") ORDER BY bucket_key FOR UPDATE");
        Map<String, SlidingLog> logs = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            for (int i = 0; i < buckets.size(); i++) {
                ps.setString(i + 1, buckets.get(i).key());
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    logs.put(rs.getString(1), SlidingLog.decode(rs.getString(2)));
                }
            }
        }
        return logs;
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
