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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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
        return takeAll(List.of(new Take(buckets, now))).get(0);
    }

    /**
     * Decides several requests' takes in one transaction, each as if alone and in the order given: the first ones
     * fill the windows that later ones see.
     */
    List<Decision> takeAll(List<Take> takes) {
        SQLException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                return takeOnce(takes);
            } catch (SQLException e) {
                if (!retryable(e)) {
                    throw new IllegalStateException("rate-limit store failed: " + e.getMessage(), e);
                }
                last = e;
            }
        }
        throw new IllegalStateException("rate-limit store kept conflicting: " + last.getMessage(), last);
    }

    private List<Decision> takeOnce(List<Take> takes) throws SQLException {
        List<List<CountRow>> rowsOfTakes = takes.stream().map(t -> CountRow.of(t.buckets())).toList();
        List<String> keys = rowsOfTakes.stream().flatMap(List::stream).map(CountRow::key).distinct().sorted().toList();
        long latest = takes.stream().mapToLong(t -> t.now().toEpochMilli()).max().orElseThrow();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                Map<String, WindowCounts> counts = lock(c, keys);
                for (String key : keys) {
                    if (!counts.containsKey(key)) {
                        insert(c, key, latest); // the new row is ours (locked) until commit
                        counts.put(key, WindowCounts.EMPTY);
                    }
                }
                Set<String> entered = new TreeSet<>();
                List<Decision> decisions = new ArrayList<>();
                for (int i = 0; i < takes.size(); i++) {
                    decisions.add(decide(rowsOfTakes.get(i), counts, takes.get(i).now().toEpochMilli(), entered));
                }
                update(c, entered, counts, latest);
                c.commit(); // a refusal keeps the rows just created too
                return decisions;
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c);
                throw e;
            }
        }
    }

    /** All or nothing for one request: refused by its first full window, else entered in every one. */
    private static Decision decide(List<CountRow> rows, Map<String, WindowCounts> counts, long now, Set<String> entered) {
        for (CountRow r : rows) {
            Duration wait = counts.get(r.key()).refusal(r.window(), now);
            if (wait != null) {
                return new Decision.Refused(r.bucket().key(), r.window(), wait);
            }
        }
        for (CountRow r : rows) {
            counts.put(r.key(), counts.get(r.key()).record(r.window(), now));
            entered.add(r.key());
        }
        return Decision.ALLOWED;
    }

    private void update(Connection c, Set<String> keys, Map<String, WindowCounts> counts, long now) throws SQLException {
        if (keys.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(UPDATE)) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            for (String key : keys) {
                ps.setString(1, counts.get(key).encode());
                ps.setLong(2, now);
                ps.setString(3, key);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private Map<String, WindowCounts> lock(Connection c, List<String> keys) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT bucket_key, hits FROM rate_window WHERE bucket_key IN (");
        for (int i = 0; i < keys.size(); i++) {
            sql.append(i == 0 ? "?" : ",?");
        }
        sql.append(") ORDER BY bucket_key FOR UPDATE");
        Map<String, WindowCounts> counts = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            for (int i = 0; i < keys.size(); i++) {
                ps.setString(i + 1, keys.get(i));
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
