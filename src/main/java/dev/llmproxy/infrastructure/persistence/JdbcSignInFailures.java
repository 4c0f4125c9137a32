package dev.llmproxy.infrastructure.persistence;

import jakarta.inject.Inject;
import dev.llmproxy.domain.security.SignInFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Failed sign-ins in {@code sign_in_failure}, one row per key, in portable SQL (H2, PostgreSQL). Each failure is one
 * short transaction of its own; two instances counting the same key at once lose no failure (the update is relative),
 * and a lost race to create the row is retried as an update.
 */
@ApplicationScoped
@Typed(JdbcSignInFailures.class) // callers take the guarded one: dev.llmproxy.infrastructure.sharing
public class JdbcSignInFailures implements SignInFailures {

    private static final int QUERY_TIMEOUT_SECONDS = 2;

    private final DataSource dataSource;

    /** A window runs while it is younger than the window in force and its own end (if it has one) is ahead. */
    private static final String RUNNING = "window_start > ? AND (window_end IS NULL OR window_end > ?)";

    @Inject
    JdbcSignInFailures(@ProxyDatabase DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** For the container's client proxy. */
    protected JdbcSignInFailures() {
        this(null);
    }

    @Override
    public Map<String, Count> counts(List<String> keys, Instant now, Duration window) {
        Map<String, Count> out = new HashMap<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT throttle_key, failures, window_start, window_end"
                     + " FROM sign_in_failure WHERE throttle_key IN (" + "?,".repeat(keys.size() - 1) + "?) AND "
                     + RUNNING)) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            for (int i = 0; i < keys.size(); i++) {
                ps.setString(i + 1, keys.get(i));
            }
            ps.setLong(keys.size() + 1, now.minus(window).toEpochMilli());
            ps.setLong(keys.size() + 2, now.toEpochMilli());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Instant start = Instant.ofEpochMilli(rs.getLong(3));
                    long end = rs.getLong(4);
                    out.put(rs.getString(1), new Count(rs.getInt(2), start,
                            SignInFailures.endOf(start, rs.wasNull() ? null : Instant.ofEpochMilli(end), window)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("sign-in failures could not be read: " + e.getMessage(), e);
        }
        return out;
    }

    @Override
    public Map<String, Count> add(List<String> keys, Instant now, Duration window) {
        try (Connection c = dataSource.getConnection()) {
            for (String key : keys) {
                addOne(c, key, now, window);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("a sign-in failure could not be counted: " + e.getMessage(), e);
        }
        return counts(keys, now, window);
    }

    private static void addOne(Connection c, String key, Instant now, Duration window) throws SQLException {
        long t = now.toEpochMilli();
        long cutoff = now.minus(window).toEpochMilli();
        long end = now.plus(window).toEpochMilli();
        for (int attempt = 0; attempt < 3; attempt++) {
            if (update(c, "UPDATE sign_in_failure SET failures = failures + 1 WHERE throttle_key = ? AND " + RUNNING,
                    key, cutoff, t) > 0) {
                return;
            }
            // no window running: start one, over an ended row or as a new row
            if (update(c, "UPDATE sign_in_failure SET failures = 1, window_start = " + t + ", window_end = " + end
                    + " WHERE throttle_key = ? AND NOT (" + RUNNING + ")", key, cutoff, t) > 0) {
                return;
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO sign_in_failure (throttle_key, failures, window_start, window_end) VALUES (?, 1, ?, ?)")) {
                ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
                ps.setString(1, key);
                ps.setLong(2, t);
                ps.setLong(3, end);
                ps.executeUpdate();
                return;
            } catch (SQLException duplicate) {
                if (attempt == 2) {
                    throw duplicate;
                }
                // another instance created the row first: count on it
            }
        }
    }

    /** An update of one key's row where {@link #RUNNING} (or its negation) is checked at {@code cutoff} and {@code now}. */
    private static int update(Connection c, String sql, String key, long cutoff, long now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, key);
            ps.setLong(2, cutoff);
            ps.setLong(3, now);
            return ps.executeUpdate();
        }
    }

    @Override
    public void clear(String key) {
        execute("DELETE FROM sign_in_failure WHERE throttle_key = ?", key);
    }

    @Override
    public int clearAll() {
        return execute("DELETE FROM sign_in_failure", null);
    }

    private int execute(String sql, String key) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            if (key != null) {
                ps.setString(1, key);
            }
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("sign-in failures could not be cleared: " + e.getMessage(), e);
        }
    }
}
