package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetDecision;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import javax.sql.DataSource;

/**
 * The shared budget store in portable SQL (H2, PostgreSQL): one {@code budget_use} row per budget and period, locked
 * ({@code SELECT ... FOR UPDATE}, in key order so two requests never wait on each other crosswise) while the room is
 * checked and the charge reserved. Every instance on the database sees the same amounts; none can overshoot. Each
 * reservation is also held in the name of this run of this instance ({@link BudgetHolds}), so that what a crashed
 * instance had reserved can be released.
 */
public class JdbcBudgetStore implements SharedBudgetStore {

    /** A lost race to create a row, or a deadlock the database broke: start over, a few times. */
    private static final int ATTEMPTS = 3;
    private static final String RESERVE = "UPDATE budget_use SET reserved_usd = reserved_usd + ?,"
            + " reserved_tokens = reserved_tokens + ? WHERE row_key = ?";

    protected final DataSource dataSource;
    protected final int queryTimeoutSeconds;
    private final BudgetRows rows;
    protected final BudgetHolds holds;

    public JdbcBudgetStore(DataSource dataSource, int queryTimeoutSeconds, Holder holder) {
        this.dataSource = dataSource;
        this.queryTimeoutSeconds = queryTimeoutSeconds;
        this.rows = new BudgetRows(queryTimeoutSeconds);
        this.holds = new BudgetHolds(holder, queryTimeoutSeconds);
    }

    @Override
    public BudgetDecision reserve(List<Budget> budgets, Charge charge, Instant now) {
        return retried("reserve", () -> {
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(false);
                try {
                    BudgetDecision d = reserveIn(c, BudgetRows.sorted(budgets, now), charge, now);
                    c.commit();
                    return d;
                } catch (SQLException | RuntimeException e) {
                    BudgetRows.rollbackQuietly(c);
                    throw e;
                }
            }
        });
    }

    private BudgetDecision reserveIn(Connection c, List<Budget> sorted, Charge charge, Instant now)
            throws SQLException {
        Map<String, BudgetUse> locked = rows.lock(c, sorted, now);
        for (Budget b : sorted) {
            BudgetUse use = locked.get(b.rowKey(now));
            if (!b.fits(use.counted(), charge)) {
                return new BudgetDecision.Refused(b, use.counted()); // rows just created are kept, empty
            }
        }
        try (PreparedStatement ps = c.prepareStatement(RESERVE)) {
            ps.setQueryTimeout(queryTimeoutSeconds);
            for (Budget b : sorted) {
                ps.setBigDecimal(1, charge.usd());
                ps.setLong(2, charge.tokens());
                ps.setString(3, b.rowKey(now));
                ps.addBatch();
            }
            ps.executeBatch();
        }
        holds.add(c, sorted, charge, now);
        return BudgetDecision.RESERVED;
    }

    @Override
    public void settle(List<Budget> budgets, Charge reserved, Charge actual, Instant reservedAt) {
        settle(List.of(new Settlement(budgets, reserved, actual, reservedAt)));
    }

    /**
     * Many settlements in one transaction, as one update per budget row (and per hold): settling is off the request
     * path, and rows every request of a key shares are written once per batch rather than once per request.
     */
    @Override
    public void settle(List<Settlement> settlements) {
        if (settlements.isEmpty()) {
            return;
        }
        Collection<Settlement.RowDelta> byRow = Settlement.byRow(settlements).values();
        retried("settle", () -> {
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(false);
                try {
                    rows.settle(c, byRow);
                    holds.take(c, byRow);
                    c.commit();
                    return null;
                } catch (SQLException | RuntimeException e) {
                    BudgetRows.rollbackQuietly(c);
                    throw e;
                }
            }
        });
    }

    @Override
    public Map<String, BudgetUse> use(List<Budget> budgets, Instant now) {
        return retried("read", () -> {
            try (Connection c = dataSource.getConnection()) {
                return rows.read(c, budgets, now);
            }
        });
    }

    /** Forgets periods that ended more than a day before {@code now}, and their holds. @return how many rows */
    public int sweep(Instant now) {
        return retried("sweep", () -> {
            try (Connection c = dataSource.getConnection()) {
                return rows.sweep(c, now) + holds.sweep(c, now);
            }
        });
    }

    @Override
    public List<Holder> releaseGone(Predicate<String> alive) {
        return retried("release", () -> {
            try (Connection c = dataSource.getConnection()) {
                List<Holder> gone = holds.gone(c, alive);
                c.setAutoCommit(false);
                for (Holder h : gone) {
                    try {
                        holds.release(c, h);
                        c.commit();
                    } catch (SQLException | RuntimeException e) {
                        BudgetRows.rollbackQuietly(c);
                        throw e;
                    }
                }
                return gone;
            }
        });
    }

    interface Work<T> {
        T run() throws SQLException;
    }

    protected static <T> T retried(String what, Work<T> work) {
        SQLException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                return work.run();
            } catch (SQLException e) {
                if (!BudgetRows.retryable(e)) {
                    throw new IllegalStateException("budget store failed to " + what + ": " + e.getMessage(), e);
                }
                last = e;
            }
        }
        throw new IllegalStateException("budget store kept conflicting: " + last.getMessage(), last);
    }
}
