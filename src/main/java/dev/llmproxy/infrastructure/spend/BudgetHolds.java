package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.Charge;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;

/**
 * The {@code budget_hold} rows: what each run of each instance has reserved of each budget row. A reservation adds to
 * its run's hold and its settlement takes it away again; when a run is gone mid-request, what it held is taken off the
 * budget's reserved amount by another instance (or by the next run of the same one).
 */
final class BudgetHolds {

    private static final String ADD = "UPDATE budget_hold SET reserved_usd = reserved_usd + ?,"
            + " reserved_tokens = reserved_tokens + ? WHERE instance_id = ? AND life = ? AND row_key = ?";
    private static final String INSERT = "INSERT INTO budget_hold (instance_id, life, row_key, reserved_usd,"
            + " reserved_tokens, period_end) VALUES (?, ?, ?, ?, ?, ?)";
    private static final String TAKE = "UPDATE budget_hold SET reserved_usd = GREATEST(reserved_usd - ?, 0),"
            + " reserved_tokens = GREATEST(reserved_tokens - ?, 0) WHERE instance_id = ? AND life = ? AND row_key = ?";
    private static final String UNRESERVE = "UPDATE budget_use SET reserved_usd = GREATEST(reserved_usd - ?, 0),"
            + " reserved_tokens = GREATEST(reserved_tokens - ?, 0) WHERE row_key = ?";

    private final Holder holder;
    private final int queryTimeoutSeconds;

    BudgetHolds(Holder holder, int queryTimeoutSeconds) {
        this.holder = holder;
        this.queryTimeoutSeconds = queryTimeoutSeconds;
    }

    Holder holder() {
        return holder;
    }

    /** This run now holds the charge of each budget row too (inside the reservation's transaction). */
    void add(Connection c, List<Budget> sorted, Charge charge, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(ADD)) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            for (Budget b : sorted) {
                bind(ps, charge, b.rowKey(now));
                if (ps.executeUpdate() == 0) {
                    insert(c, b, charge, now);
                }
            }
        }
    }

    private void insert(Connection c, Budget b, Charge charge, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            ps.setString(1, holder.instanceId());
            ps.setString(2, holder.life());
            ps.setString(3, b.rowKey(now));
            ps.setBigDecimal(4, charge.usd());
            ps.setLong(5, charge.tokens());
            ps.setLong(6, b.period().end(now).toEpochMilli());
            ps.executeUpdate();
        }
    }

    /** This run no longer holds what the settlements released. */
    void take(Connection c, Collection<Settlement.RowDelta> rows) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(TAKE)) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            boolean any = false;
            for (Settlement.RowDelta r : rows) {
                if (!r.released().isZero()) { // zero: reserved in memory, not in this store
                    bind(ps, r.released(), r.rowKey());
                    ps.addBatch();
                    any = true;
                }
            }
            if (any) {
                ps.executeBatch();
            }
        }
    }

    private void bind(PreparedStatement ps, Charge charge, String rowKey) throws SQLException {
        ps.setBigDecimal(1, charge.usd());
        ps.setLong(2, charge.tokens());
        ps.setString(3, holder.instanceId());
        ps.setString(4, holder.life());
        ps.setString(5, rowKey);
    }

    /** The runs that hold something and are gone: another instance's that no longer beats, or an earlier run of this one. */
    List<Holder> gone(Connection c, Predicate<String> alive) throws SQLException {
        List<Holder> gone = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT DISTINCT instance_id, life FROM budget_hold")) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Holder h = new Holder(rs.getString(1), rs.getString(2));
                    boolean earlierRun = h.instanceId().equals(holder.instanceId()) && !h.life().equals(holder.life());
                    if (earlierRun || (!h.instanceId().equals(holder.instanceId()) && !alive.test(h.instanceId()))) {
                        gone.add(h);
                    }
                }
            }
        }
        return gone;
    }

    /** Takes what a gone run held off the budgets' reserved amounts and forgets its holds, in one transaction. */
    void release(Connection c, Holder gone) throws SQLException {
        List<Object[]> held = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT row_key, reserved_usd, reserved_tokens FROM budget_hold"
                + " WHERE instance_id = ? AND life = ? ORDER BY row_key")) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            ps.setString(1, gone.instanceId());
            ps.setString(2, gone.life());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    held.add(new Object[] {rs.getString(1), rs.getBigDecimal(2), rs.getLong(3)});
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement(UNRESERVE)) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            for (Object[] h : held) {
                ps.setBigDecimal(1, (java.math.BigDecimal) h[1]);
                ps.setLong(2, (Long) h[2]);
                ps.setString(3, (String) h[0]);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM budget_hold WHERE instance_id = ? AND life = ?")) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            ps.setString(1, gone.instanceId());
            ps.setString(2, gone.life());
            ps.executeUpdate();
        }
    }

    int sweep(Connection c, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM budget_hold WHERE period_end < ?")) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            ps.setLong(1, now.minus(BudgetRows.KEPT_AFTER_END).toEpochMilli());
            return ps.executeUpdate();
        }
    }
}
