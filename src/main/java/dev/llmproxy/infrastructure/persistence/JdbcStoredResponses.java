package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.application.responses.StoredResponses;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.llmproxy.domain.text.StorableText;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

/** Stored responses in {@code stored_response}, in portable SQL; every read and delete names the owner. */
@ApplicationScoped
public class JdbcStoredResponses implements StoredResponses {

    /** The most responses one owner (an API key, an anonymous address) keeps; past it the oldest go. */
    public static final int MAX_PER_OWNER = 1_000;
    private static final int QUERY_TIMEOUT_SECONDS = 5;

    private final DataSource dataSource;
    /** {@link #MAX_PER_OWNER}; smaller in tests, which need not store a thousand to see the bound. */
    int maxPerOwner = MAX_PER_OWNER;
    private final Clock clock;

    @Inject
    JdbcStoredResponses(@ProxyDatabase DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected JdbcStoredResponses() {
        this(null, null);
    }

    @Override
    public void save(Stored s) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO stored_response (response_id, request_id, owner,"
                     + " created_at, conversation, response) VALUES (?,?,?,?,?,?)")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, s.responseId());
            ps.setString(2, s.requestId());
            ps.setString(3, s.owner());
            ps.setTimestamp(4, Timestamp.valueOf(LocalDateTime.ofInstant(clock.instant(), ZoneOffset.UTC)));
            ps.setString(5, StorableText.of(s.conversation()));
            ps.setString(6, StorableText.of(s.response()));
            ps.executeUpdate();
            dropOldestBeyond(c, s.owner(), maxPerOwner);
        } catch (SQLException e) {
            throw new IllegalStateException("response " + s.responseId() + " could not be stored: " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<Stored> find(String responseId, String owner) {
        if (!StorableText.storable(responseId)) {
            return Optional.empty();
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT request_id, conversation, response FROM stored_response"
                     + " WHERE response_id = ? AND owner = ?")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, responseId);
            ps.setString(2, owner);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new Stored(responseId, rs.getString(1), owner, rs.getString(2),
                        rs.getString(3))) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("response " + responseId + " could not be read: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean delete(String responseId, String owner) {
        if (!StorableText.storable(responseId)) {
            return false;
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM stored_response WHERE response_id = ? AND owner = ?")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, responseId);
            ps.setString(2, owner);
            return ps.executeUpdate() > 0;
        } catch (SQLException e) {
            throw new IllegalStateException("response " + responseId + " could not be deleted: " + e.getMessage(), e);
        }
    }

    /** Keeps an owner's newest {@code max}: storing costs a caller next to nothing, so it is bounded. */
    private static void dropOldestBeyond(Connection c, String owner, int max) throws SQLException {
        int count;
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM stored_response WHERE owner = ?")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, owner);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                count = rs.getInt(1);
            }
        }
        if (count <= max) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM stored_response WHERE response_id IN (SELECT"
                + " response_id FROM stored_response WHERE owner = ? ORDER BY created_at, response_id FETCH FIRST "
                + (count - max) + " ROWS ONLY)")) {
            ps.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            ps.setString(1, owner);
            ps.executeUpdate();
        }
    }
}
