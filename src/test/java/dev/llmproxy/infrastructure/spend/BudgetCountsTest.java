package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetDecision;
import dev.llmproxy.domain.spend.BudgetPeriod;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;
import dev.llmproxy.domain.spend.InMemoryBudgetStore;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/** What an instance counts as taken of a budget when it must decide on its share: never less than it spent itself. */
class BudgetCountsTest {

    private static final Instant NOW = Instant.parse("2026-12-07T10:00:00Z");
    private static final Charge TENTH = new Charge(new BigDecimal("0.1"), 100);
    private final Budget budget = new Budget("scope:t.daily", BudgetPeriod.DAY, BigDecimal.ONE, null);
    private final InMemoryBudgetStore shared = new InMemoryBudgetStore();
    private boolean down;
    /** The shared store as the counts read it: the use of the budgets, while it answers. */
    private final SharedBudgetStore reading = new SharedBudgetStore() {
        @Override
        public Map<String, BudgetUse> use(List<Budget> budgets, Instant now) {
            if (down) {
                throw new IllegalStateException("down");
            }
            return shared.use(budgets, now);
        }

        @Override
        public BudgetDecision reserve(List<Budget> budgets, Charge charge, Instant now) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void settle(List<Budget> budgets, Charge reserved, Charge actual, Instant at) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void settle(List<Settlement> settlements) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<Holder> releaseGone(Predicate<String> alive) {
            throw new UnsupportedOperationException();
        }
    };
    private final BudgetCounts counts = new BudgetCounts(new BudgetStores() {
        @Override
        SharedBudgetStore shared() {
            return reading;
        }
    }, Clock.fixed(NOW, ZoneOffset.UTC), null);

    /** A reservation this instance made in the shared store. */
    private void reserved() {
        shared.reserve(List.of(budget), TENTH, NOW);
        counts.seen(List.of(budget), TENTH, NOW);
    }

    @Test
    void reservationsMadeSinceTheLastReadAreCountedBeforeTheStoreIsReadAgain() {
        reserved();
        reserved();
        assertThat(counts.counted(budget, NOW)).isEqualTo(new Charge(new BigDecimal("0.2"), 200));
        counts.read();
        assertThat(counts.counted(budget, NOW)).isEqualTo(new Charge(new BigDecimal("0.2"), 200));
        reserved();
        assertThat(counts.counted(budget, NOW)).isEqualTo(new Charge(new BigDecimal("0.3"), 300));
    }

    @Test
    void aReadThatFailedKeepsCountingWhatItWouldHaveSeen() {
        reserved();
        down = true;
        counts.read();
        assertThat(counts.counted(budget, NOW)).isEqualTo(TENTH);
        down = false;
        counts.read();
        assertThat(counts.counted(budget, NOW)).isEqualTo(TENTH);
    }

    @Test
    void aRefusalCountsNothing() {
        counts.seen(List.of(budget), Charge.ZERO, NOW);
        assertThat(counts.counted(budget, NOW)).isEqualTo(Charge.ZERO);
    }
}
