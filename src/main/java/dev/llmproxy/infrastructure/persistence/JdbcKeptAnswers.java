package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.replay.AnswerKey;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.KeptAnswers;
import dev.llmproxy.domain.replay.KeyClaim;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/**
 * Idempotency keys in {@code kept_answer}, in portable SQL, each statement its own transaction: the table's primary
 * key (owner, key) decides which request claims a key, on one instance or many; every other step names the request
 * that holds the claim, so that a claim taken over or released is never overwritten.
 */
@ApplicationScoped
@Typed(JdbcKeptAnswers.class) // the kept answers are SharedKeptAnswers', which chooses this or Redis
public class JdbcKeptAnswers implements KeptAnswers {

    private static final int QUERY_TIMEOUT_SECONDS = KeptAnswerRows.QUERY_TIMEOUT_SECONDS;
    /** A key released or forgotten between a refused insert and the look after it is claimed again, a few times. */
    private static final int TRIES = 4;

    private final DataSource dataSource;
    /** {@link KeptAnswer#MOST_PER_OWNER}; smaller in tests, which need not put a thousand to see the bound. */
    int mostPerOwner = KeptAnswer.MOST_PER_OWNER;

    @Inject
    public JdbcKeptAnswers(@ProxyDatabase DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** For the container's client proxy. */
    protected JdbcKeptAnswers() {
        this(null);
    }

    @Override
    public KeyClaim claim(AnswerKey key, String requestId, Instant now, Instant abandonedBefore,
                          Instant expiredBefore) {
        try (Connection c = dataSource.getConnection()) {
            for (int i = 0; i < TRIES; i++) {
                if (KeptAnswerRows.inserted(c, key, requestId, now)) {
                    return new KeyClaim.Ours();
                }
                KeyClaim found = KeptAnswerRows.found(c, key, requestId, now, abandonedBefore, expiredBefore);
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

    @Override
    public void keep(AnswerKey key, KeptAnswer answer) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("UPDATE kept_answer SET kept_at = ?, status = ?,"
                     + " content_type = ?, headers = ?, body = ?, answering_model = ?, fallback = ?"
                     + " WHERE owner = ? AND idempotency_key = ? AND request_id = ?")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            KeptAnswerRows.bindAnswer(ps, 1, answer);
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
    public void put(AnswerKey key, KeptAnswer answer) {
        try (Connection c = dataSource.getConnection()) {
            // One statement each, as everywhere here: a put racing another for the same request keeps one of them.
            KeptAnswerRows.update(c, "DELETE FROM kept_answer WHERE owner = ? AND idempotency_key = ?"
                    + " AND request_id <> ?", key, answer.requestId());
            if (KeptAnswerRows.insertedWhole(c, key, answer)) {
                KeptAnswerRows.dropOldestBeyond(c, key.owner(), mostPerOwner);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the answer to " + answer.requestId() + " could not be kept: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public Optional<KeptAnswer> find(AnswerKey key) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT " + KeptAnswerRows.ANSWER + " FROM kept_answer WHERE owner = ?"
                     + " AND idempotency_key = ? AND kept_at IS NOT NULL")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, key.owner());
            ps.setString(2, key.key());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && key.fingerprint().equals(rs.getString(1)) ? Optional.of(KeptAnswerRows.answer(rs))
                        : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("a kept answer could not be read: " + e.getMessage(), e);
        }
    }

    @Override
    public void release(AnswerKey key, String requestId) {
        try (Connection c = dataSource.getConnection()) {
            KeptAnswerRows.update(c, "DELETE FROM kept_answer WHERE owner = ? AND idempotency_key = ? AND request_id = ?"
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
            ps.setTimestamp(1, KeptAnswerRows.utc(cutoff));
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("idempotency keys could not be forgotten: " + e.getMessage(), e);
        }
    }

}
