package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code budget_use} rows as both stores read, lock, create, settle and sweep them. */
final class BudgetRows {

    /** Rows of periods that ended longer ago than this are forgotten (late settlements land within it). */
    static final Duration KEPT_AFTER_END = Duration.ofDays(1);
    private static final String SETTLE = "UPDATE budget_use SET used_usd = used_usd + ?, used_tokens = used_tokens + ?,"
            + " reserved_usd = GREATEST(reserved_usd - ?, 0), reserved_tokens = GREATEST(reserved_tokens - ?, 0)"
            + " WHERE row_key = ?";
    private static final String INSERT = "INSERT INTO budget_use (row_key, used_usd, reserved_usd, used_tokens,"
            + " reserved_tokens, period_end) VALUES (?, ?, 0, ?, 0, ?)";

    private final int queryTimeoutSeconds;

    BudgetRows(int queryTimeoutSeconds) {
        this.queryTimeoutSeconds = queryTimeoutSeconds;
    }

    /** The budgets in the order their rows are locked, by every instance: row key order. */
    static List<Budget> sorted(List<Budget> budgets, Instant at) {
        return budgets.stream().sorted(Comparator.comparing(b -> b.rowKey(at))).toList();
    }

    /** Locks the rows of the budgets' periods, creating the missing ones (empty); their amounts by row key. */
    Map<String, BudgetUse> lock(Connection c, List<Budget> sorted, Instant now) throws SQLException {
        Map<String, BudgetUse> found = select(c, sorted, now, " ORDER BY row_key FOR UPDATE");
        for (Budget b : sorted) {
            if (!found.containsKey(b.rowKey(now))) {
                insert(c, b, Charge.ZERO, now); // the new row is ours (locked) until commit
                found.put(b.rowKey(now), BudgetUse.NONE);
            }
        }
        return found;
    }

    /** What each budget has used and reserved in its period, by budget name (zero where no row exists yet). */
    Map<String, BudgetUse> read(Connection c, List<Budget> budgets, Instant now) throws SQLException {
        Map<String, BudgetUse> byRow = select(c, budgets, now, "");
        Map<String, BudgetUse> out = new LinkedHashMap<>();
        for (Budget b : budgets) {
            out.put(b.name(), byRow.getOrDefault(b.rowKey(now), BudgetUse.NONE));
        }
        return out;
    }

    private Map<String, BudgetUse> select(Connection c, List<Budget> budgets, Instant now, String tail)
            throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT row_key, used_usd, reserved_usd, used_tokens, reserved_tokens"
                + " FROM budget_use WHERE row_key IN (");
        for (int i = 0; i < budgets.size(); i++) {
            sql.append(i == 0 ? "?" : ",?");
        }
        Map<String, BudgetUse> found = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql.append(")").append(tail).toString())) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            for (int i = 0; i < budgets.size(); i++) {
                ps.setString(i + 1, budgets.get(i).rowKey(now));
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    found.put(rs.getString(1), new BudgetUse(new Charge(rs.getBigDecimal(2), rs.getLong(4)),
                            new Charge(rs.getBigDecimal(3), rs.getLong(5))));
                }
            }
        }
        return found;
    }

    /** Adds each row's use and takes its released reservations off, creating rows reserved elsewhere (in memory). */
    void settle(Connection c, Collection<Settlement.RowDelta> rows) throws SQLException {
        List<Settlement.RowDelta> missing = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(SETTLE)) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            List<Settlement.RowDelta> order = new ArrayList<>(rows);
            for (Settlement.RowDelta r : order) {
                ps.setBigDecimal(1, r.used().usd());
                ps.setLong(2, r.used().tokens());
                ps.setBigDecimal(3, r.released().usd());
                ps.setLong(4, r.released().tokens());
                ps.setString(5, r.rowKey());
                ps.addBatch();
            }
            int[] counts = ps.executeBatch();
            for (int k = 0; k < counts.length; k++) {
                if (counts[k] == 0) {
                    missing.add(order.get(k));
                }
            }
        }
        for (Settlement.RowDelta r : missing) {
            insert(c, r.budget(), r.used(), r.at());
        }
    }

    private void insert(Connection c, Budget b, Charge used, Instant at) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            ps.setString(1, b.rowKey(at));
            ps.setBigDecimal(2, used.usd());
            ps.setLong(3, used.tokens());
            ps.setLong(4, b.period().end(at).toEpochMilli());
            ps.executeUpdate();
        }
    }

    int sweep(Connection c, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM budget_use WHERE period_end < ?")) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            ps.setLong(1, now.minus(KEPT_AFTER_END).toEpochMilli());
            return ps.executeUpdate();
        }
    }

    /** Unique violation (a concurrent request made the row), deadlock or serialization failure. */
    static boolean retryable(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("23") || state.equals("40001") || state.equals("40P01"));
    }

    static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is going back to the pool or away; the original failure is what matters
        }
    }
}
