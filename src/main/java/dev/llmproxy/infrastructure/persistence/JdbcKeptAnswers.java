package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.replay.IdempotencyKey;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.KeptAnswers;
import dev.llmproxy.domain.replay.KeyClaim;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Idempotency keys in {@code kept_answer}, in portable SQL, each statement its own transaction: the table's primary
 * key (owner, key) decides which request claims a key, on one instance or many; every other step names the request
 * that holds the claim, so that a claim taken over or released is never overwritten.
 */
@ApplicationScoped
public class JdbcKeptAnswers implements KeptAnswers {

    private static final int QUERY_TIMEOUT_SECONDS = 5;
    /** A key released or forgotten between a refused insert and the look after it is claimed again, a few times. */
    private static final int TRIES = 4;

    private final DataSource dataSource;

    @Inject
    JdbcKeptAnswers(@ProxyDatabase DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** For the container's client proxy. */
    protected JdbcKeptAnswers() {
        this(null);
    }

    @Override
    public KeyClaim claim(IdempotencyKey key, String requestId, Instant now, Instant abandonedBefore,
                          Instant expiredBefore) {
        try (Connection c = dataSource.getConnection()) {
            for (int i = 0; i < TRIES; i++) {
                if (inserted(c, key, requestId, now)) {
                    return new KeyClaim.Ours();
                }
                KeyClaim found = found(c, key, requestId, now, abandonedBefore, expiredBefore);
                if (found != null) {
                    return found;
                }
            }
            throw new IllegalStateException("idempotency key of " + requestId + " changed hands " + TRIES
                    + " times while it was being claimed");
        } catch (SQLException e) {
            throw new IllegalStateException("idempotency key of " + requestId + " could not be claimed: "
                    + e.getMessage(), e);
        }
    }

    private static boolean inserted(Connection c, IdempotencyKey key, String requestId, Instant now)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO kept_answer (owner, idempotency_key, fingerprint,"
                + " request_id, claimed_at) VALUES (?,?,?,?,?)")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, key.owner());
            ps.setString(2, key.key());
            ps.setString(3, key.fingerprint());
            ps.setString(4, requestId);
            ps.setTimestamp(5, utc(now));
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            if (SqlStates.keyTaken(e)) {
                return false; // the key is taken
            }
            throw e;
        }
    }

    /** What holds the key now; null when it changed hands meanwhile (the claim is tried again). */
    private static KeyClaim found(Connection c, IdempotencyKey key, String requestId, Instant now,
                                  Instant abandonedBefore, Instant expiredBefore) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT fingerprint, request_id, claimed_at, kept_at, status,"
                + " content_type, headers, body, answering_model, fallback FROM kept_answer WHERE owner = ? AND idempotency_key = ?")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, key.owner());
            ps.setString(2, key.key());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                String holder = rs.getString(2);
                Instant claimedAt = instant(rs.getTimestamp(3));
                boolean kept = rs.getTimestamp(4) != null;
                if (claimedAt.isBefore(expiredBefore)) {
                    update(c, "DELETE FROM kept_answer WHERE owner = ? AND idempotency_key = ? AND request_id = ?",
                            key, holder);
                    return null;
                }
                if (!key.fingerprint().equals(rs.getString(1))) {
                    return new KeyClaim.OtherRequest(holder);
                }
                if (kept) {
                    return new KeyClaim.Kept(new KeptAnswer(holder, rs.getString(9), rs.getBoolean(10),
                            rs.getInt(5), rs.getString(6),
                            KeptHeaders.read(rs.getString(7)), rs.getBytes(8)));
                }
                if (claimedAt.isBefore(abandonedBefore)) {
                    return takenOver(c, key, holder, requestId, now) ? new KeyClaim.Ours() : null;
                }
                return new KeyClaim.Running(holder);
            }
        }
    }

    private static boolean takenOver(Connection c, IdempotencyKey key, String holder, String requestId, Instant now)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE kept_answer SET request_id = ?, claimed_at = ?"
                + " WHERE owner = ? AND idempotency_key = ? AND request_id = ? AND kept_at IS NULL")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, requestId);
            ps.setTimestamp(2, utc(now));
            ps.setString(3, key.owner());
            ps.setString(4, key.key());
            ps.setString(5, holder);
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public void keep(IdempotencyKey key, KeptAnswer answer, Instant now) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("UPDATE kept_answer SET kept_at = ?, status = ?,"
                     + " content_type = ?, headers = ?, body = ?, answering_model = ?, fallback = ?"
                     + " WHERE owner = ? AND idempotency_key = ? AND request_id = ?")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setTimestamp(1, utc(now));
            ps.setInt(2, answer.status());
            ps.setString(3, answer.contentType());
            ps.setString(4, KeptHeaders.write(answer.headers()));
            ps.setBytes(5, answer.body());
            ps.setString(6, answer.model());
            ps.setBoolean(7, answer.fallback());
            ps.setString(8, key.owner());
            ps.setString(9, key.key());
            ps.setString(10, answer.requestId());
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("the answer to " + answer.requestId() + " could not be kept: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public void release(IdempotencyKey key, String requestId) {
        try (Connection c = dataSource.getConnection()) {
            update(c, "DELETE FROM kept_answer WHERE owner = ? AND idempotency_key = ? AND request_id = ?"
                    + " AND kept_at IS NULL", key, requestId);
        } catch (SQLException e) {
            throw new IllegalStateException("the idempotency key of " + requestId + " could not be released: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public int forgetBefore(Instant cutoff) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM kept_answer WHERE claimed_at < ?")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setTimestamp(1, utc(cutoff));
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("idempotency keys could not be forgotten: " + e.getMessage(), e);
        }
    }

    private static void update(Connection c, String sql, IdempotencyKey key, String requestId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, key.owner());
            ps.setString(2, key.key());
            ps.setString(3, requestId);
            ps.executeUpdate();
        }
    }

    private static Timestamp utc(Instant t) {
        return Timestamp.valueOf(LocalDateTime.ofInstant(t, ZoneOffset.UTC));
    }

    private static Instant instant(Timestamp t) {
        return t.toLocalDateTime().toInstant(ZoneOffset.UTC);
    }
}
