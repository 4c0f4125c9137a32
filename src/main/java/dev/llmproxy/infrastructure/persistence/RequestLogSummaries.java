package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.RequestLogRepository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Dashboard counts, aggregated in the database (an hour can hold hundreds of thousands of rows): portable SQL, one
 * query for the outcomes per slice of time and one for the answering models.
 */
final class RequestLogSummaries {

    private static final String OUTCOME = "CASE WHEN status = 200 AND fallback THEN 'degraded' WHEN status = 200 THEN 'ok'"
            + " ELSE 'failed' END";

    private RequestLogSummaries() {
    }

    static RequestLogRepository.Summary query(Connection c, Instant from, Instant to, int buckets) throws SQLException {
        long slice = Math.max(1, Duration.between(from, to).toMillis() / buckets);
        StringBuilder bucket = new StringBuilder("CASE");
        for (int i = 1; i < buckets; i++) {
            bucket.append(" WHEN received_at < ? THEN ").append(i - 1);
        }
        bucket.append(" ELSE ").append(buckets - 1).append(" END");
        String sql = "SELECT b, o, COUNT(*) FROM (SELECT " + bucket + " AS b, " + OUTCOME + " AS o FROM request_log"
                + " WHERE received_at >= ? AND received_at < ?) t GROUP BY b, o";
        List<Map<String, Long>> byBucket = new ArrayList<>();
        for (int i = 0; i < buckets; i++) {
            byBucket.add(new LinkedHashMap<>(Map.of("ok", 0L, "degraded", 0L, "failed", 0L)));
        }
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int n = 1;
            for (int i = 1; i < buckets; i++) {
                ps.setTimestamp(n++, utc(from.plusMillis(slice * i)));
            }
            ps.setTimestamp(n++, utc(from));
            ps.setTimestamp(n, utc(to));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    byBucket.get(rs.getInt(1)).put(rs.getString(2), rs.getLong(3));
                }
            }
        }
        Map<String, Long> byModel = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT answering_model, COUNT(*) FROM request_log"
                + " WHERE received_at >= ? AND received_at < ? AND answering_model IS NOT NULL"
                + " GROUP BY answering_model ORDER BY COUNT(*) DESC")) {
            ps.setTimestamp(1, utc(from));
            ps.setTimestamp(2, utc(to));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    byModel.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        return new RequestLogRepository.Summary(byBucket, byModel);
    }

    /** The log keeps UTC wall-clock times (RequestLogMapper.toUtc). */
    private static Timestamp utc(Instant i) {
        return Timestamp.valueOf(RequestLogMapper.toUtc(i));
    }
}
