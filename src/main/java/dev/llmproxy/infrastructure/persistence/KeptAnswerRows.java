package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.replay.AnswerKey;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.KeyClaim;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** The statements of {@link JdbcKeptAnswers}, on a connection it holds; each is its own transaction. */
final class KeptAnswerRows {

    static final int QUERY_TIMEOUT_SECONDS = 5;
    /** The columns {@link #answer} reads, in its order. */
    static final String ANSWER = "fingerprint, request_id, claimed_at, kept_at, status, content_type, headers,"
            + " body, answering_model, fallback";

    private KeptAnswerRows() {
    }

    static boolean inserted(Connection c, AnswerKey key, String requestId, Instant now) throws SQLException {
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

    /** Inserts an answer kept whole, claimed when it was answered; false when the key is taken. */
    static boolean insertedWhole(Connection c, AnswerKey key, KeptAnswer answer) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO kept_answer (owner, idempotency_key, fingerprint,"
                + " request_id, claimed_at, kept_at, status, content_type, headers, body, answering_model, fallback)"
                + " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, key.owner());
            ps.setString(2, key.key());
            ps.setString(3, key.fingerprint());
            ps.setString(4, answer.requestId());
            ps.setTimestamp(5, utc(answer.keptAt()));
            bindAnswer(ps, 6, answer);
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            if (SqlStates.keyTaken(e)) {
                return false; // another put of the same request came first
            }
            throw e;
        }
    }

    /**
     * Binds the answer's seven columns (kept_at, status, content_type, headers, body, answering_model, fallback), in
     * that order, from parameter {@code first} on.
     */
    static void bindAnswer(PreparedStatement ps, int first, KeptAnswer answer) throws SQLException {
        ps.setTimestamp(first, utc(answer.keptAt()));
        ps.setInt(first + 1, answer.status());
        ps.setString(first + 2, answer.contentType());
        ps.setString(first + 3, KeptHeaders.write(answer.headers()));
        ps.setBytes(first + 4, answer.body());
        ps.setString(first + 5, answer.model());
        ps.setBoolean(first + 6, answer.fallback());
    }

    /** What holds the key now; null when it changed hands meanwhile (the claim is tried again). */
    static KeyClaim found(Connection c, AnswerKey key, String requestId, Instant now, Instant abandonedBefore,
                          Instant expiredBefore) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + ANSWER + " FROM kept_answer WHERE owner = ?"
                + " AND idempotency_key = ?")) {
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
                    return new KeyClaim.Kept(answer(rs));
                }
                if (claimedAt.isBefore(abandonedBefore)) {
                    return takenOver(c, key, holder, requestId, now) ? new KeyClaim.Ours() : null;
                }
                return new KeyClaim.Running(holder);
            }
        }
    }

    static boolean takenOver(Connection c, AnswerKey key, String holder, String requestId, Instant now)
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

    /** The kept answer of a row read with {@link #ANSWER}'s columns. */
    static KeptAnswer answer(ResultSet rs) throws SQLException {
        return new KeptAnswer(rs.getString(2), rs.getString(9), rs.getBoolean(10), rs.getInt(5), rs.getString(6),
                KeptHeaders.read(rs.getString(7)), rs.getBytes(8), instant(rs.getTimestamp(4)));
    }

    static void update(Connection c, String sql, AnswerKey key, String requestId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, key.owner());
            ps.setString(2, key.key());
            ps.setString(3, requestId);
            ps.executeUpdate();
        }
    }

    /** Keeps the owner's newest {@code most}: a tier's answers to one caller are bounded. */
    static void dropOldestBeyond(Connection c, String owner, int most) throws SQLException {
        int count;
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM kept_answer WHERE owner = ?")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, owner);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                count = rs.getInt(1);
            }
        }
        if (count <= most) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM kept_answer WHERE owner = ? AND idempotency_key IN"
                + " (SELECT idempotency_key FROM kept_answer WHERE owner = ? ORDER BY claimed_at, idempotency_key"
                + " FETCH FIRST " + (count - most) + " ROWS ONLY)")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, owner);
            ps.setString(2, owner);
            ps.executeUpdate();
        }
    }

    static Timestamp utc(Instant t) {
        return Timestamp.valueOf(LocalDateTime.ofInstant(t, ZoneOffset.UTC));
    }

    static Instant instant(Timestamp t) {
        return t.toLocalDateTime().toInstant(ZoneOffset.UTC);
    }
}
