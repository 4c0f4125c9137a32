package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.RateLimitStore;
import dev.llmproxy.domain.limits.Window;

import javax.sql.DataSource;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The shared store on PostgreSQL: the same rows and rules as {@link JdbcRateLimitStore}, but the check-and-enter
 * runs inside the database ({@code proxy_rate_take}, migration V006), so a request costs one round trip.
 */
public final class PostgresRateLimitStore implements RateLimitStore {

    private static final String CALL = "SELECT proxy_rate_take(?, ?, ?, ?, ?, ?, ?)";

    private final DataSource dataSource;
    private final int queryTimeoutSeconds;

    public PostgresRateLimitStore(DataSource dataSource, int queryTimeoutSeconds) {
        this.dataSource = dataSource;
        this.queryTimeoutSeconds = queryTimeoutSeconds;
    }

    @Override
    public Decision take(List<Bucket> buckets, Instant now) {
        List<Bucket> ordered = buckets.stream().sorted(Comparator.comparing(Bucket::key)).toList();
        List<Window> windows = new ArrayList<>();
        List<Integer> owner = new ArrayList<>();
        Object[] keys = new Object[ordered.size()];
        Object[] horizons = new Object[ordered.size()];
        Object[] capacities = new Object[ordered.size()];
        for (int i = 0; i < ordered.size(); i++) {
            Bucket b = ordered.get(i);
            keys[i] = b.key();
            horizons[i] = b.horizon().toMillis();
            capacities[i] = b.capacity();
            for (Window w : b.windows()) {
                windows.add(w);
                owner.add(i + 1);
            }
        }
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(CALL)) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            ps.setArray(1, c.createArrayOf("text", keys));
            ps.setArray(2, c.createArrayOf("int8", horizons));
            ps.setArray(3, c.createArrayOf("int4", capacities));
            ps.setArray(4, c.createArrayOf("int4", owner.toArray()));
            ps.setArray(5, c.createArrayOf("int8", windows.stream().map(w -> (Object) w.length().toMillis()).toArray()));
            ps.setArray(6, c.createArrayOf("int4", windows.stream().map(w -> (Object) w.max()).toArray()));
            ps.setLong(7, now.toEpochMilli());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                Array refused = rs.getArray(1);
                if (refused == null) {
                    return Decision.ALLOWED;
                }
                Long[] r = toLongs((Object[]) refused.getArray());
                int w = r[0].intValue() - 1;
                return new Decision.Refused(ordered.get(owner.get(w) - 1).key(), windows.get(w), Duration.ofMillis(r[1]));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("rate-limit store failed: " + e.getMessage(), e);
        }
    }

    private static Long[] toLongs(Object[] values) {
        Long[] out = new Long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = ((Number) values[i]).longValue();
        }
        return out;
    }
}
