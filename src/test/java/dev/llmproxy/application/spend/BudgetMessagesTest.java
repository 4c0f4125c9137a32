package dev.llmproxy.application.spend;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetDecision;
import dev.llmproxy.domain.spend.BudgetPeriod;
import dev.llmproxy.domain.spend.Charge;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class BudgetMessagesTest {

    private static final Instant NOW = Instant.parse("2026-12-02T23:59:30Z");

    @Test
    void aDollarBudgetNamesItselfItsUseAndItsResetAndWaitsUntilThen() {
        Budget b = new Budget("scope:chat.daily", BudgetPeriod.DAY, new BigDecimal("2"), null);
        ProxyError e = BudgetMessages.refusal(new BudgetDecision.Refused(b, new Charge(new BigDecimal("1.9876543"), 0)),
                new Charge(new BigDecimal("0.25"), 1000), NOW);
        assertThat(e.kind()).isEqualTo(ErrorKind.BUDGET_EXCEEDED);
        assertThat(e.message()).isEqualTo("Budget 'scope:chat.daily' has no room for this request ($1.987654 of $2 "
                + "used or reserved; this request may cost up to $0.25). It resets at 2026-12-03T00:00:00Z.");
        assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aTokenBudgetSaysSoAndSuggestsALowerMaxTokens() {
        Budget b = new Budget("key:k1.monthly", BudgetPeriod.MONTH, new BigDecimal("100"), 50_000L);
        ProxyError e = BudgetMessages.refusal(new BudgetDecision.Refused(b, new Charge(BigDecimal.ONE, 49_500)),
                new Charge(BigDecimal.ONE, 1000), NOW);
        assertThat(e.message()).contains("49500 of 50000 tokens used or reserved; this request may use up to 1000")
                .endsWith("a lower max_tokens needs less room.");
    }

    @Test
    void aKeysTokenRateIsARateLimitUntilTheMinuteEnds() {
        Budget b = new Budget("key:k1.tokensPerMinute", BudgetPeriod.MINUTE, null, 10_000L);
        ProxyError e = BudgetMessages.refusal(new BudgetDecision.Refused(b, new Charge(BigDecimal.ZERO, 9_000)),
                new Charge(BigDecimal.ZERO, 2_000), NOW);
        assertThat(e.kind()).isEqualTo(ErrorKind.RATE_LIMITED);
        assertThat(e.message()).startsWith("Token rate limit reached (key:k1.tokensPerMinute: 10000 tokens per minute")
                .contains("retry in 30 s");
        assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(30));
    }
}
