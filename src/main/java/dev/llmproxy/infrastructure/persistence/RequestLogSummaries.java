package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.RequestLogRepository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Dashboard counts, read from the five-minute slices the log writer keeps ({@link RequestRollups#SLICE}), never from the
 * log's rows: an hour costs one query over at most twelve rows per answering model, whatever the traffic. A slice
 * counts in the bucket its start falls in, so the buckets are exact when the period starts on a five-minute boundary
 * and each bucket spans whole slices.
 */
final class RequestLogSummaries {

    private RequestLogSummaries() {
    }

    static RequestLogRepository.Summary query(Connection c, Instant from, Instant to, int buckets) throws SQLException {
        long slice = Math.max(1, Duration.between(from, to).toMillis() / buckets);
        LocalDateTime start = RequestLogMapper.toUtc(from);
        List<Map<String, Long>> byBucket = new ArrayList<>();
        for (int i = 0; i < buckets; i++) {
            byBucket.add(new LinkedHashMap<>(Map.of("ok", 0L, "degraded", 0L, "failed", 0L)));
        }
        Map<String, Long> byModel = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT hour_start, name, ok, degraded, failed"
                + " FROM request_rollup WHERE dimension = ? AND hour_start >= ? AND hour_start < ?")) {
            ps.setString(1, RequestRollups.SLICE);
            ps.setTimestamp(2, Timestamp.valueOf(start));
            ps.setTimestamp(3, Timestamp.valueOf(RequestLogMapper.toUtc(to)));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long at = Duration.between(start, rs.getTimestamp(1).toLocalDateTime()).toMillis();
                    Map<String, Long> b = byBucket.get((int) Math.min(buckets - 1, at / slice));
                    b.merge("ok", rs.getLong(3), Long::sum);
                    b.merge("degraded", rs.getLong(4), Long::sum);
                    b.merge("failed", rs.getLong(5), Long::sum);
                    if (!rs.getString(2).isEmpty()) {
                        byModel.merge(rs.getString(2), rs.getLong(3) + rs.getLong(4) + rs.getLong(5), Long::sum);
                    }
                }
            }
        }
        Map<String, Long> largestFirst = new LinkedHashMap<>();
        byModel.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> largestFirst.put(e.getKey(), e.getValue()));
        return new RequestLogRepository.Summary(byBucket, largestFirst);
    }
}
