package dev.llmproxy.infrastructure.persistence;

import jakarta.inject.Inject;
import dev.llmproxy.domain.security.SignInFailures;
import jakarta.enterprise.context.ApplicationScoped;

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
public class JdbcSignInFailures implements SignInFailures {

    private static final int QUERY_TIMEOUT_SECONDS = 2;

    @Inject
    @ProxyDatabase
    DataSource dataSource;

    @Override
    public Map<String, Count> counts(List<String> keys, Instant now, Duration window) {
        Map<String, Count> out = new HashMap<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT throttle_key, failures, window_start FROM sign_in_failure"
                     + " WHERE throttle_key IN (" + "?,".repeat(keys.size() - 1) + "?) AND window_start > ?")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            for (int i = 0; i < keys.size(); i++) {
                ps.setString(i + 1, keys.get(i));
            }
            ps.setLong(keys.size() + 1, now.minus(window).toEpochMilli());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), new Count(rs.getInt(2), Instant.ofEpochMilli(rs.getLong(3))));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("sign-in failures could not be read: " + e.getMessage(), e);
        }
        return out;
    }

    @Override
    public Map<String, Count> add(List<String> keys, Instant now, Duration window) {
        long t = now.toEpochMilli();
        long cutoff = now.minus(window).toEpochMilli();
        try (Connection c = dataSource.getConnection()) {
            for (String key : keys) {
                addOne(c, key, t, cutoff);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("a sign-in failure could not be counted: " + e.getMessage(), e);
        }
        return counts(keys, now, window);
    }

    private static void addOne(Connection c, String key, long now, long cutoff) throws SQLException {
        for (int attempt = 0; attempt < 3; attempt++) {
            if (update(c, "UPDATE sign_in_failure SET failures = failures + 1 WHERE throttle_key = ? AND window_start > ?",
                    key, cutoff, null) > 0) {
                return;
            }
            // no window running: start one, over an expired row or as a new row
            if (update(c, "UPDATE sign_in_failure SET failures = 1, window_start = ? WHERE throttle_key = ? "
                    + "AND window_start <= ?", key, cutoff, now) > 0) {
                return;
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO sign_in_failure (throttle_key, failures, window_start) VALUES (?, 1, ?)")) {
                ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
                ps.setString(1, key);
                ps.setLong(2, now);
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

    /** The first statement takes (key, cutoff); the second (start, key, cutoff). */
    private static int update(Connection c, String sql, String key, long cutoff, Long start) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            int i = 1;
            if (start != null) {
                ps.setLong(i++, start);
            }
            ps.setString(i++, key);
            ps.setLong(i, cutoff);
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
