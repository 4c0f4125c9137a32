package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.RequestLogRepository;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the log's requests cost over a period, summed in the database by model, tier and API key (portable SQL). */
final class RequestLogSpend {

    private RequestLogSpend() {
    }

    static RequestLogRepository.Spend query(Connection c, Instant from, Instant to) throws SQLException {
        Map<String, BigDecimal> byModel = sum(c, "answering_model", from, to);
        BigDecimal total = byModel.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        return new RequestLogRepository.Spend(total, byModel, sum(c, "COALESCE(tier, 'none')", from, to),
                sum(c, "COALESCE(key_id, 'none')", from, to));
    }

    /** @param by a column expression of the log (never from a caller: the three above) */
    private static Map<String, BigDecimal> sum(Connection c, String by, Instant from, Instant to) throws SQLException {
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT " + by + ", SUM(cost_usd) FROM request_log"
                + " WHERE received_at >= ? AND received_at < ? AND cost_usd IS NOT NULL AND answering_model IS NOT NULL"
                + " GROUP BY " + by + " ORDER BY SUM(cost_usd) DESC")) {
            ps.setTimestamp(1, Timestamp.valueOf(RequestLogMapper.toUtc(from)));
            ps.setTimestamp(2, Timestamp.valueOf(RequestLogMapper.toUtc(to)));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getBigDecimal(2));
                }
            }
        }
        return out;
    }
}
