package dev.llmproxy.domain.config;

import dev.llmproxy.domain.spend.BudgetLimits;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BudgetsKeyTest {

    private final BudgetsKey key = SettingKeys.BUDGETS;

    @Test
    void ownersAndTheirLimitsAreRead() {
        Map<String, BudgetLimits> budgets = key.coerce(Map.of(
                "global", Map.of("dailyUsd", new BigDecimal("20.5"), "monthlyTokens", 5_000_000L),
                "keys", Map.of("monthlyUsd", 5L),
                "scope:public", Map.of("dailyTokens", 2_000_000L)));
        assertThat(budgets.get("global")).isEqualTo(new BudgetLimits(new BigDecimal("20.5"), null, null, 5_000_000L));
        assertThat(budgets.get("keys").monthlyUsd()).isEqualByComparingTo("5");
        assertThat(budgets.get("scope:public").dailyTokens()).isEqualTo(2_000_000L);
    }

    @Test
    void theTextFormReadsBackTheSame() {
        Map<String, BudgetLimits> budgets = key.coerce(Map.of(
                "global", Map.of("dailyUsd", new BigDecimal("0.0000001"), "monthlyUsd", 300L),
                "scope:chat", Map.of("dailyTokens", 1000L)));
        String text = key.toText(budgets);
        assertThat(text).isEqualTo("global dailyUsd=0.0000001 monthlyUsd=300\nscope:chat dailyTokens=1000");
        assertThat(key.parseText(text)).isEqualTo(budgets);
        assertThat(key.coerce(key.fromFormText("global dailyUsd=2\r\n\r\nkeys monthlyTokens=10")))
                .containsOnlyKeys("global", "keys");
    }

    @Test
    void eachMistakeIsNamedWhereItIs() {
        assertThatThrownBy(() -> key.coerce(Map.of("everyone", Map.of("dailyUsd", 1L))))
                .hasMessageContaining("settings.budgets").hasMessageContaining("everyone");
        assertThatThrownBy(() -> key.coerce(Map.of("global", Map.of("dailyUsd", -1L))))
                .hasMessageContaining("settings.budgets.global.dailyUsd");
        assertThatThrownBy(() -> key.coerce(Map.of("global", Map.of("dailyTokens", new BigDecimal("1.5")))))
                .hasMessageContaining("settings.budgets.global.dailyTokens").hasMessageContaining("whole number");
        assertThatThrownBy(() -> key.coerce(Map.of("global", Map.of("weeklyUsd", 1L))))
                .hasMessageContaining("settings.budgets.global.weeklyUsd").hasMessageContaining("not known");
        assertThatThrownBy(() -> key.coerce(Map.of("scope:Bad Name", Map.of("dailyUsd", 1L))))
                .hasMessageContaining("unknown owner");
        assertThatThrownBy(() -> key.fromFormText("global dailyUsd")).hasMessageContaining("one owner per line");
        assertThatThrownBy(() -> key.coerce(Map.of("keys", Map.of("tokensPerMinute", 10L))))
                .hasMessageContaining("settings.budgets.keys.tokensPerMinute").hasMessageContaining("keyTokensPerMinute");
    }

    @Test
    void anOwnerWithoutLimitsIsDropped() {
        assertThat(key.coerce(Map.of("global", Map.of()))).isEmpty();
    }
}
