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
import java.util.Set;
import java.util.TreeSet;
import javax.sql.DataSource;

/**
 * The shared store: one {@code rate_window} row per window of a bucket, locked ({@code SELECT ... FOR UPDATE}, in key
 * order so two requests never wait on each other crosswise) while the counts are checked and the request entered. Every instance
 * on the database therefore sees the same counts and none can overshoot a limit. Portable SQL (H2, PostgreSQL).
 */
public final class JdbcRateLimitStore implements RateLimitStore, LeaseStore {

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
        return enter(rows, LeaseStore.oneEach(rows), List.of(), now).decision();
    }

    @Override
    public Entered enter(List<CountRow> rows, int[] wanted, List<Unspent> giveBack, Instant now) {
        SQLException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                return enterOnce(rows, wanted, giveBack, now.toEpochMilli());
            } catch (SQLException e) {
                if (!retryable(e)) {
                    throw new IllegalStateException("rate-limit store failed: " + e.getMessage(), e);
                }
                last = e;
            }
        }
        throw new IllegalStateException("rate-limit store kept conflicting: " + last.getMessage(), last);
    }

    private Entered enterOnce(List<CountRow> rows, int[] wanted, List<Unspent> giveBack, long now)
            throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                Set<String> keys = new TreeSet<>();
                rows.forEach(r -> keys.add(r.key()));
                giveBack.forEach(u -> keys.add(u.key()));
                Map<String, WindowCounts> counts = lock(c, keys);
                Map<String, WindowCounts> changed = new HashMap<>();
                for (Unspent u : giveBack) {
                    WindowCounts held = changed.getOrDefault(u.key(), counts.get(u.key()));
                    if (held != null) {
                        changed.put(u.key(), held.without(u.slot(), u.count()));
                    }
                }
                for (CountRow r : rows) {
                    if (!counts.containsKey(r.key())) {
                        insert(c, r.key(), now); // the new row is ours (locked) until commit
                        counts.put(r.key(), WindowCounts.EMPTY);
                    }
                }
                Entered entered = entered(rows, wanted, now, counts, changed);
                update(c, changed, now);
                c.commit(); // when refused, keeps the rows just created and what was given back
                return entered;
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c);
                throw e;
            }
        }
    }

    /** Enters the rows in {@code changed} (all or none), and says what was entered. */
    private static Entered entered(List<CountRow> rows, int[] wanted, long now, Map<String, WindowCounts> counts,
            Map<String, WindowCounts> changed) {
        for (CountRow r : rows) {
            Duration wait = changed.getOrDefault(r.key(), counts.get(r.key())).refusal(r.window(), now);
            if (wait != null) {
                return Entered.refused(new Decision.Refused(r.bucket().key(), r.window(), wait));
            }
        }
        Map<String, Integer> used = new HashMap<>();
        int[] entered = new int[rows.size()];
        long[] slots = new long[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            CountRow r = rows.get(i);
            WindowCounts before = changed.getOrDefault(r.key(), counts.get(r.key()));
            entered[i] = Math.min(wanted[i], before.room(r.window(), now));
            WindowCounts after = before.record(r.window(), now, entered[i]);
            changed.put(r.key(), after);
            used.put(r.key(), after.total());
            slots[i] = after.newestSlot();
        }
        return new Entered(new Decision.Allowed(used), entered, slots);
    }

    private void update(Connection c, Map<String, WindowCounts> changed, long now) throws SQLException {
        if (changed.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(UPDATE)) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            for (Map.Entry<String, WindowCounts> e : changed.entrySet()) {
                ps.setString(1, e.getValue().encode());
                ps.setLong(2, now);
                ps.setString(3, e.getKey());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private Map<String, WindowCounts> lock(Connection c, Set<String> keys) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT bucket_key, hits FROM rate_window WHERE bucket_key IN (");
        for (int i = 0; i < keys.size(); i++) {
            sql.append(i == 0 ? "?" : ",?");
        }
        sql.append(") ORDER BY bucket_key FOR UPDATE");
        Map<String, WindowCounts> counts = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            int i = 1;
            for (String key : keys) {
                ps.setString(i++, key);
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
