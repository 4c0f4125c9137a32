package dev.llmproxy.domain.spend;

import dev.llmproxy.testing.Tries;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BudgetReservationPropertiesTest {

    private static final Instant NOW = Instant.parse("2026-12-02T10:00:00Z");
    private static final Charge TENTH = new Charge(new BigDecimal("0.1"), 100);

    /** Whatever the order of reservations and settlements, what is used and reserved never passes the budget. */
    @Test
    void usedAndReservedNeverPassTheBudget() {
        Tries.of(200, random -> {
            int requests = 1 + random.nextInt(40);
            int settledPercent = random.nextInt(101);
            InMemoryBudgetStore store = new InMemoryBudgetStore();
            Budget b = new Budget("global.daily", BudgetPeriod.DAY, new BigDecimal("0.55"), 700L);
            List<Charge> open = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                if (store.reserve(List.of(b), TENTH, NOW) == BudgetDecision.RESERVED) {
                    open.add(TENTH);
                }
                if (!open.isEmpty() && (i * 37 % 100) < settledPercent) {
                    // a real cost at most the reservation: settling never makes room it did not reserve
                    store.settle(List.of(b), open.remove(0), new Charge(new BigDecimal("0.03"), 40), NOW);
                }
                BudgetUse use = store.use(List.of(b), NOW).get("global.daily");
                assertThat(use.counted().usd()).isLessThanOrEqualTo(b.maxUsd());
                assertThat(use.counted().tokens()).isLessThanOrEqualTo(b.maxTokens());
            }
        });
    }
}
