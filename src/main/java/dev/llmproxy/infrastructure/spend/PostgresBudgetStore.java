package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetDecision;
import dev.llmproxy.domain.spend.Charge;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;

/**
 * The shared budget store on PostgreSQL: the same rows and rules as {@link JdbcBudgetStore}, but the check-and-reserve
 * runs inside the database ({@code proxy_budget_reserve}, migrations V015 and V016), so a reservation costs one round trip.
 */
public final class PostgresBudgetStore extends JdbcBudgetStore {

    private static final String CALL = "SELECT proxy_budget_reserve(?, ?, ?, ?, ?, ?, ?, ?)";

    public PostgresBudgetStore(DataSource dataSource, int queryTimeoutSeconds, Holder holder) {
        super(dataSource, queryTimeoutSeconds, holder);
    }

    @Override
    public BudgetDecision reserve(List<Budget> budgets, Charge charge, Instant now) {
        List<Budget> sorted = BudgetRows.sorted(budgets, now);
        return retried("reserve", () -> {
            try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(CALL)) {
                ps.setQueryTimeout(queryTimeoutSeconds);
                ps.setArray(1, c.createArrayOf("text", sorted.stream().map(b -> b.rowKey(now)).toArray()));
                ps.setArray(2, c.createArrayOf("numeric", sorted.stream().map(Budget::maxUsd).toArray()));
                ps.setArray(3, c.createArrayOf("int8", sorted.stream().map(Budget::maxTokens).toArray()));
                ps.setArray(4, c.createArrayOf("int8",
                        sorted.stream().map(b -> (Object) b.period().end(now).toEpochMilli()).toArray()));
                ps.setBigDecimal(5, charge.usd());
                ps.setLong(6, charge.tokens());
                ps.setString(7, holds.holder().instanceId());
                ps.setString(8, holds.holder().life());
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    Array refused = rs.getArray(1);
                    if (refused == null) {
                        return BudgetDecision.RESERVED;
                    }
                    Object[] r = (Object[]) refused.getArray();
                    return new BudgetDecision.Refused(sorted.get(((BigDecimal) r[0]).intValue() - 1),
                            new Charge((BigDecimal) r[1], ((BigDecimal) r[2]).longValue()));
                }
            }
        });
    }
}
