package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetDecision;
import dev.llmproxy.domain.spend.BudgetPeriod;
import dev.llmproxy.domain.spend.BudgetStore;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;
import dev.llmproxy.domain.spend.InMemoryBudgetStore;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MemoryBudgetsTest {

    private static final Instant NOW = Instant.parse("2026-12-04T10:00:00Z");
    private static final Charge TENTH = new Charge(new BigDecimal("0.1"), 100);
    private final Budget budget = new Budget("scope:t.daily", BudgetPeriod.DAY, new BigDecimal("0.35"), null);
    private final InMemoryBudgetStore database = new InMemoryBudgetStore();
    private final AtomicInteger reads = new AtomicInteger();
    private final List<Settlement> written = new ArrayList<>();
    private boolean down;

    private final BudgetStore counted = new BudgetStore() {
        @Override
        public BudgetDecision reserve(List<Budget> budgets, Charge charge, Instant now) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void settle(List<Budget> budgets, Charge reserved, Charge actual, Instant reservedAt) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<String, BudgetUse> use(List<Budget> budgets, Instant now) {
            reads.incrementAndGet();
            if (down) {
                throw new IllegalStateException("database down");
            }
            return database.use(budgets, now);
        }
    };

    private MemoryBudgets store(boolean exact) {
        return new MemoryBudgets(new InMemoryBudgetStore(), () -> counted, written::add, () -> exact);
    }

    @Test
    void aloneEachPeriodsSettledUseIsReadOnceAndReservationsAreCountedOnTopOfIt() {
        database.settle(List.of(budget), Charge.ZERO, TENTH, NOW);
        database.reserve(List.of(budget), TENTH, NOW); // held by a run that is gone
        MemoryBudgets alone = store(true);
        assertThat(alone.reserve(List.of(budget), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        assertThat(alone.reserve(List.of(budget), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        assertThat(alone.reserve(List.of(budget), TENTH, NOW)).isInstanceOf(BudgetDecision.Refused.class);
        assertThat(alone.use(List.of(budget), NOW).get(budget.name()))
                .isEqualTo(new BudgetUse(TENTH, new Charge(new BigDecimal("0.2"), 200)));
        assertThat(reads).hasValue(1);
    }

    @Test
    void aSettlementIsCountedInMemoryAndHandedOnToBeWrittenOnce() {
        MemoryBudgets alone = store(true);
        alone.reserve(List.of(budget), TENTH, NOW);
        Charge actual = new Charge(new BigDecimal("0.04"), 40);
        alone.settle(List.of(budget), TENTH, actual, NOW);
        assertThat(alone.use(List.of(budget), NOW).get(budget.name())).isEqualTo(new BudgetUse(actual, Charge.ZERO));
        assertThat(written).containsExactly(new Settlement(List.of(budget), Charge.ZERO, actual, NOW));
    }

    @Test
    void aPeriodThatCannotBeReadIsNotReservedBlindAndIsReadWhenTheDatabaseAnswers() {
        database.settle(List.of(budget), Charge.ZERO, new Charge(new BigDecimal("0.3"), 300), NOW);
        MemoryBudgets alone = store(true);
        down = true;
        assertThatThrownBy(() -> alone.reserve(List.of(budget), TENTH, NOW)).isInstanceOf(IllegalStateException.class);
        down = false;
        assertThat(alone.reserve(List.of(budget), TENTH, NOW)).isInstanceOf(BudgetDecision.Refused.class);
    }

    @Test
    void theFallbacksSharesSettleWithoutAskingTheDatabase() {
        down = true; // the fallback settles while the shared store is down: no query may wait on it
        MemoryBudgets shares = store(false);
        shares.settle(List.of(budget), Charge.ZERO, TENTH, NOW);
        assertThat(reads).hasValue(0);
        assertThat(written).hasSize(1);
    }
}
