package dev.llmproxy.application.spend;

import dev.llmproxy.domain.keys.ApiKey;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetLimits;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class BudgetOwnersTest {

    private static final Map<String, BudgetLimits> CONFIGURED = Map.of(
            "global", new BudgetLimits(BigDecimal.TEN, new BigDecimal("200"), null, null),
            "keys", new BudgetLimits(BigDecimal.ONE, null, null, null),
            "scope:chat", new BudgetLimits(null, null, 1000L, null));

    private static ApiKey key(String id, BudgetLimits own) {
        return new ApiKey(id, "k", "h", null, Set.of(), null, own, Instant.EPOCH, "admin", null, null);
    }

    @Test
    void aKeyedRequestCountsAgainstGlobalScopeAndTheKeysDefault() {
        assertThat(BudgetOwners.of(CONFIGURED, 0, key("k1", BudgetLimits.NONE), "chat")).extracting(Budget::name)
                .containsExactly("global.daily", "global.monthly", "scope:chat.daily", "key:k1.daily");
    }

    @Test
    void aKeysOwnBudgetReplacesTheDefault() {
        BudgetLimits own = new BudgetLimits(null, new BigDecimal("3"), null, null);
        assertThat(BudgetOwners.of(CONFIGURED, 0, key("k2", own), "default")).extracting(Budget::name)
                .containsExactly("global.daily", "global.monthly", "key:k2.monthly");
    }

    @Test
    void anAnonymousRequestHasNoKeyBudget() {
        assertThat(BudgetOwners.of(CONFIGURED, 0, null, "other")).extracting(Budget::name)
                .containsExactly("global.daily", "global.monthly");
        assertThat(BudgetOwners.of(Map.of(), 0, null, "other")).isEmpty();
    }

    @Test
    void aKeysTokensPerMinuteIsItsOwnElseTheSettings() {
        assertThat(BudgetOwners.of(CONFIGURED, 5000, key("k3", BudgetLimits.NONE), "default")).extracting(Budget::name)
                .containsExactly("global.daily", "global.monthly", "key:k3.tokensPerMinute", "key:k3.daily");
        BudgetLimits own = new BudgetLimits(null, null, null, null, 100L);
        List<Budget> budgets = BudgetOwners.of(CONFIGURED, 5000, key("k4", own), "default");
        // its own rate, and the keys default for the day since it sets no day or month of its own
        assertThat(budgets).extracting(Budget::name).containsExactly("global.daily", "global.monthly",
                "key:k4.tokensPerMinute", "key:k4.daily");
        assertThat(budgets.get(2).maxTokens()).isEqualTo(100L);
    }
}
