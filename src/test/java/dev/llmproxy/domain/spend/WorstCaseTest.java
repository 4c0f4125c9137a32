package dev.llmproxy.domain.spend;

import dev.llmproxy.domain.catalog.AllowedModel;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class WorstCaseTest {

    private static AllowedModel priced(String name, String in, String out, Integer context, Integer headroom) {
        return new AllowedModel(name, "p", name, null, true, false, null, context, false, new BigDecimal(in),
                new BigDecimal(out), null, null, headroom, null);
    }

    @Test
    void theMostExpensiveModelOfTheChainAtThePromptAndMaxTokens() {
        AllowedModel cheap = priced("cheap", "0.1", "0.4", null, null);
        AllowedModel dear = priced("dear", "3", "15", null, null);
        WorstCase.Bound b = WorstCase.of(List.of(cheap, dear), 1000, 500, 8192, 1);
        // 1000 x $3/M + 500 x $15/M
        assertThat(b.charge().usd()).isEqualByComparingTo("0.0105");
        assertThat(b.charge().tokens()).isEqualTo(1500);
        assertThat(b.unpriced()).isNull();
    }

    @Test
    void thinkingHeadroomIsOutputTheModelMayAdd() {
        WorstCase.Bound b = WorstCase.of(List.of(priced("thinker", "1", "10", null, 2000)), 100, 100, 8192, 1);
        assertThat(b.charge().tokens()).isEqualTo(2200);
        assertThat(b.charge().usd()).isEqualByComparingTo("0.0211");
    }

    @Test
    void withoutMaxTokensTheRestOfTheContextWindowElseTheFallbackAllowance() {
        assertThat(WorstCase.of(List.of(priced("w", "1", "1", 4096, null)), 96, null, 8192, 1).charge().tokens())
                .isEqualTo(4096);
        assertThat(WorstCase.of(List.of(priced("u", "1", "1", null, null)), 100, null, 8192, 1).charge().tokens())
                .isEqualTo(8292);
    }

    @Test
    void aFreeModelCostsNothingButItsTokensCount() {
        AllowedModel free = new AllowedModel("f", "p", "f", null, true, true, null, null, false, null, null, null,
                null, null, null);
        WorstCase.Bound b = WorstCase.of(List.of(free), 10, 20, 8192, 1);
        assertThat(b.charge().usd()).isZero();
        assertThat(b.charge().tokens()).isEqualTo(30);
        assertThat(b.unpriced()).isNull();
    }

    @Test
    void aModelWithoutAPriceIsNamed() {
        AllowedModel unknown = AllowedModel.of("mystery", "p", "mystery");
        WorstCase.Bound b = WorstCase.of(List.of(priced("known", "1", "1", null, null), unknown), 10, 10, 8192, 1);
        assertThat(b.unpriced()).isEqualTo(unknown);
        assertThat(b.charge().usd()).isEqualByComparingTo("0.00002");
    }
}
