package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.RateLimitStore;
import dev.llmproxy.domain.limits.WindowCounts;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The shared store on PostgreSQL: the same rows and rules as {@link JdbcRateLimitStore}, but the check-and-enter
 * runs inside the database ({@code proxy_rate_take_counted}, migration V019), so a request costs one round trip. A
 * lease ({@link LeasedLimits}), asked for once in hundreds of requests, is entered by the portable store's statements.
 */
public final class PostgresRateLimitStore implements RateLimitStore, LeaseStore {

    private static final String CALL = "SELECT proxy_rate_take_counted(?, ?, ?, ?, ?)";

    private final DataSource dataSource;
    private final int queryTimeoutSeconds;
    private final JdbcRateLimitStore portable;

    public PostgresRateLimitStore(DataSource dataSource, int queryTimeoutSeconds) {
        this.dataSource = dataSource;
        this.queryTimeoutSeconds = queryTimeoutSeconds;
        this.portable = new JdbcRateLimitStore(dataSource, queryTimeoutSeconds);
    }

    @Override
    public Entered enter(List<CountRow> rows, int[] wanted, List<Unspent> giveBack, Instant now) {
        if (!giveBack.isEmpty() || Arrays.stream(wanted).anyMatch(n -> n != 1)) {
            return portable.enter(rows, wanted, giveBack, now);
        }
        Decision decision = call(rows, now);
        // one request per row, none of them leased: no slot is named
        return decision instanceof Decision.Refused refused ? Entered.refused(refused)
                : new Entered(decision, LeaseStore.oneEach(rows), new long[rows.size()]);
    }

    @Override
    public Decision take(List<Bucket> buckets, Instant now) {
        return call(CountRow.of(buckets), now);
    }

    private Decision call(List<CountRow> rows, Instant now) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(CALL)) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            ps.setArray(1, c.createArrayOf("text", rows.stream().map(CountRow::key).toArray()));
            ps.setArray(2, c.createArrayOf("int8", rows.stream().map(r -> (Object) r.window().length().toMillis()).toArray()));
            ps.setArray(3, c.createArrayOf("int8", rows.stream().map(r -> (Object) WindowCounts.slotLength(r.window())).toArray()));
            ps.setArray(4, c.createArrayOf("int4", rows.stream().map(r -> (Object) r.window().max()).toArray()));
            ps.setLong(5, now.toEpochMilli());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                Object[] r = (Object[]) rs.getArray(1).getArray();
                long refusedRow = ((Number) r[0]).longValue();
                if (refusedRow > 0) {
                    CountRow full = rows.get((int) refusedRow - 1);
                    return new Decision.Refused(full.bucket().key(), full.window(),
                            Duration.ofMillis(((Number) r[1]).longValue()));
                }
                Map<String, Integer> used = new HashMap<>();
                for (int i = 0; i < rows.size(); i++) {
                    used.put(rows.get(i).key(), ((Number) r[i + 2]).intValue());
                }
                return new Decision.Allowed(used);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("rate-limit store failed: " + e.getMessage(), e);
        }
    }
}
