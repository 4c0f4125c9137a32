package dev.llmproxy.domain.spend;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

class InMemoryBudgetStoreTest {

    private static final Instant NOW = Instant.parse("2026-12-02T10:00:00Z");
    private static final Charge TENTH = new Charge(new BigDecimal("0.1"), 100);

    @Test
    void aRefusalReservesNothingAnywhere() {
        InMemoryBudgetStore store = new InMemoryBudgetStore();
        Budget roomy = new Budget("global.daily", BudgetPeriod.DAY, new BigDecimal("10"), null);
        Budget tight = new Budget("key:k.daily", BudgetPeriod.DAY, new BigDecimal("0.15"), null);
        assertThat(store.reserve(List.of(roomy, tight), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        BudgetDecision second = store.reserve(List.of(roomy, tight), TENTH, NOW);
        assertThat(second).isEqualTo(new BudgetDecision.Refused(tight, TENTH));
        assertThat(store.use(List.of(roomy), NOW).get("global.daily").reserved()).isEqualTo(TENTH);
    }

    @Test
    void settlingReleasesTheReservationAndCountsTheRealCost() {
        InMemoryBudgetStore store = new InMemoryBudgetStore();
        Budget b = new Budget("global.daily", BudgetPeriod.DAY, new BigDecimal("0.25"), null);
        store.reserve(List.of(b), TENTH, NOW);
        store.reserve(List.of(b), TENTH, NOW);
        store.settle(List.of(b), TENTH, new Charge(new BigDecimal("0.01"), 12), NOW);
        BudgetUse use = store.use(List.of(b), NOW).get("global.daily");
        assertThat(use.used()).isEqualTo(new Charge(new BigDecimal("0.01"), 12));
        assertThat(use.reserved()).isEqualTo(TENTH);
        assertThat(store.reserve(List.of(b), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED); // room came back
    }

    @Test
    void aNewDayStartsEmpty() {
        InMemoryBudgetStore store = new InMemoryBudgetStore();
        Budget b = new Budget("global.daily", BudgetPeriod.DAY, new BigDecimal("0.1"), null);
        store.reserve(List.of(b), TENTH, NOW);
        assertThat(store.reserve(List.of(b), TENTH, NOW)).isInstanceOf(BudgetDecision.Refused.class);
        assertThat(store.reserve(List.of(b), TENTH, NOW.plusSeconds(86_400))).isEqualTo(BudgetDecision.RESERVED);
    }

    @Test
    void fiftyConcurrentReservationsForABudgetThatFitsTenAdmitTen() throws Exception {
        InMemoryBudgetStore store = new InMemoryBudgetStore();
        Budget b = new Budget("global.daily", BudgetPeriod.DAY, BigDecimal.ONE, null);
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Callable<BudgetDecision>> calls = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                calls.add(() -> store.reserve(List.of(b), TENTH, NOW));
            }
            int reserved = 0;
            for (Future<BudgetDecision> f : pool.invokeAll(calls)) {
                reserved += f.get() == BudgetDecision.RESERVED ? 1 : 0;
            }
            assertThat(reserved).isEqualTo(10);
        } finally {
            pool.shutdownNow();
        }
    }
}
