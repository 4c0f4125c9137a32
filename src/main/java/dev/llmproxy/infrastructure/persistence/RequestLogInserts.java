package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.RequestRecord;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.List;

/**
 * Appends request-log rows with one JDBC batch, one row per request (its attempts travel in it), and adds them to the
 * hourly totals ({@link RequestRollups}) in the same transaction. The log is write-heavy and never updated, so the
 * JPA unit of work (change sets, clones, per-row statements) bought nothing: measured, it cost more CPU than the rest
 * of the request path. Reads stay on JPA.
 */
final class RequestLogInserts {

    private static final List<String> COLUMNS = List.of("request_id", "received_at", "tier", "requested_model",
            "answering_model", "fallback", "status", "error_code", "latency_ms", "prompt_tokens", "completion_tokens",
            "total_tokens", "finish_reason", "truncated", "saw_429", "stream", "first_token_ms", "events_relayed",
            "malformed_events", "continuations", "queue_wait_ms", "client_hash", "key_id", "scope", "rate_limits",
            "rate_limit_hit", "limiter", "prompt_excerpt", "answered_as", "answered_locally", "cost_usd", "refusals",
            "last_refused_at", "front_door", "attempts", "replay_of", "reused_as");
    /** How many of the columns a schema before answers were given again (V036) has: for tests of older schemas. */
    static final int BEFORE_REUSE = 35;
    private static final String LOG = statement(COLUMNS.size());

    private static String statement(int columns) {
        return "INSERT INTO request_log (" + String.join(", ", COLUMNS.subList(0, columns)) + ") VALUES ("
                + String.join(",", java.util.Collections.nCopies(columns, "?")) + ")";
    }

    private RequestLogInserts() {
    }

    static void insert(Connection connection, List<RequestRecord> records) throws SQLException {
        List<RequestLogEntity> rows = records.stream().map(RequestLogMapper::toEntity).toList();
        logRows(connection, rows);
        RequestRollups.add(connection, rows);
    }

    /** The log's rows alone, without their totals. */
    static void logRows(Connection connection, List<RequestLogEntity> rows) throws SQLException {
        logRows(connection, rows, COLUMNS.size());
    }

    /** The log's rows alone, their first {@code columns} columns (an older schema's). */
    static void logRows(Connection connection, List<RequestLogEntity> rows, int columns) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(columns == COLUMNS.size() ? LOG : statement(columns))) {
            for (RequestLogEntity e : rows) {
                ps.setString(1, e.requestId);
                ps.setTimestamp(2, Timestamp.valueOf(e.receivedAt));
                ps.setString(3, e.tier);
                ps.setString(4, e.requestedModel);
                ps.setString(5, e.answeringModel);
                ps.setBoolean(6, e.fallback);
                ps.setInt(7, e.status);
                ps.setString(8, e.errorCode);
                ps.setLong(9, e.latencyMs);
                setInt(ps, 10, e.promptTokens);
                setInt(ps, 11, e.completionTokens);
                setInt(ps, 12, e.totalTokens);
                ps.setString(13, e.finishReason);
                ps.setBoolean(14, e.truncated);
                ps.setBoolean(15, e.saw429);
                ps.setBoolean(16, e.stream);
                setLong(ps, 17, e.firstTokenMs);
                setInt(ps, 18, e.eventsRelayed);
                setInt(ps, 19, e.malformedEvents);
                setInt(ps, 20, e.continuations);
                setLong(ps, 21, e.queueWaitMs);
                ps.setString(22, e.clientHash);
                ps.setString(23, e.keyId);
                ps.setString(24, e.scope);
                ps.setString(25, e.rateLimits);
                ps.setString(26, e.rateLimitHit);
                ps.setString(27, e.limiter);
                ps.setString(28, e.promptExcerpt);
                ps.setString(29, e.answeredAs);
                ps.setBoolean(30, e.answeredLocally);
                ps.setBigDecimal(31, e.costUsd);
                setInt(ps, 32, e.refusals);
                if (e.lastRefusedAt == null) {
                    ps.setNull(33, Types.TIMESTAMP);
                } else {
                    ps.setTimestamp(33, Timestamp.valueOf(e.lastRefusedAt));
                }
                ps.setString(34, e.frontDoor);
                ps.setString(35, e.attempts);
                if (columns > BEFORE_REUSE) {
                    ps.setString(36, e.replayOf);
                    ps.setString(37, e.reusedAs);
                }
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private static void setLong(PreparedStatement ps, int index, Long value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.BIGINT);
        } else {
            ps.setLong(index, value);
        }
    }

    private static void setInt(PreparedStatement ps, int index, Integer value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.INTEGER);
        } else {
            ps.setInt(index, value);
        }
    }
}
