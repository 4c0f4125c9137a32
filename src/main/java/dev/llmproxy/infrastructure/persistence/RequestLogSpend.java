package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.RequestLogRepository;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the log's requests cost over a period, by model, tier and API key: summed from the hourly totals
 * ({@code request_rollup}), never from the log's rows, so a month costs the same whatever the traffic. The period is
 * taken in whole hours: its start rounded down to the hour (the spend periods start on the hour).
 */
final class RequestLogSpend {

    private RequestLogSpend() {
    }

    static RequestLogRepository.Spend query(Connection c, Instant from, Instant to) throws SQLException {
        Map<String, BigDecimal> byModel = sum(c, "model", from, to);
        BigDecimal total = byModel.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        return new RequestLogRepository.Spend(total, byModel, sum(c, "tier", from, to), sum(c, "key", from, to));
    }

    /** Largest first; '' (no tier, no key) is named {@code none}. */
    private static Map<String, BigDecimal> sum(Connection c, String dimension, Instant from, Instant to)
            throws SQLException {
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT name, SUM(cost_usd) FROM request_rollup"
                + " WHERE dimension = ? AND hour_start >= ? AND hour_start < ? AND costed > 0"
                + " GROUP BY name ORDER BY SUM(cost_usd) DESC")) {
            ps.setString(1, dimension);
            ps.setTimestamp(2, Timestamp.valueOf(RequestLogMapper.toUtc(from).truncatedTo(ChronoUnit.HOURS)));
            ps.setTimestamp(3, Timestamp.valueOf(RequestLogMapper.toUtc(to)));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1).isEmpty() ? "none" : rs.getString(1), rs.getBigDecimal(2));
                }
            }
        }
        return out;
    }
}
