package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.spend.BudgetLine;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetPeriod;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class BudgetRowTest {

    private static final Instant RESETS = Instant.parse("2026-12-03T00:00:00Z");

    private static BudgetLine line(String usedUsd, long usedTokens) {
        Budget b = new Budget("global.daily", BudgetPeriod.DAY, new BigDecimal("20"), 1_000_000L);
        return new BudgetLine(b, new BudgetUse(new Charge(new BigDecimal(usedUsd), usedTokens),
                new Charge(new BigDecimal("0.5"), 1000)), RESETS);
    }

    @Test
    void aBudgetShowsItsUnitsUseAndLevel() {
        BudgetRow row = BudgetRow.of(line("3.1", 200_000));
        assertThat(row).isEqualTo(new BudgetRow("global.daily", "$20.00 / 1,000,000 tokens",
                "$3.10 / 200,000 tokens", "$0.50 / 1,000 tokens", "20.0 %", "2026-12-03T00:00:00Z", "ok"));
    }

    @Test
    void theLargerShareOfItsUnitsDecidesTheAlertAt80And100Percent() {
        assertThat(BudgetRow.of(line("16", 10)).level()).isEqualTo("warn");
        assertThat(line("16", 10).alert()).isEqualTo("Budget global.daily is 80 % spent; it resets at "
                + "2026-12-03T00:00:00Z.");
        assertThat(BudgetRow.of(line("1", 1_000_000)).level()).isEqualTo("full");
        assertThat(line("1", 1_000_000).alert()).startsWith("Budget global.daily is spent");
        assertThat(line("1", 10).alert()).isNull();
    }
}
