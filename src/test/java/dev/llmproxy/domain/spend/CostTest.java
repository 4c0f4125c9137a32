package dev.llmproxy.domain.spend;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.upstream.TokenUsage;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

class CostTest {

    private static AllowedModel priced(String in, String out, boolean free) {
        return new AllowedModel("m", "p", "m", null, true, free, null, null, false,
                in == null ? null : new BigDecimal(in), out == null ? null : new BigDecimal(out), null, null, null, null);
    }

    @Test
    void tokensTimesThePricePerMillionExactly() {
        // 1234 x 0.15 / 1e6 + 567 x 0.60 / 1e6 = 0.0001851 + 0.0003402
        assertThat(Cost.of(priced("0.15", "0.60", false), new TokenUsage(1234, 567, 1801)))
                .isEqualByComparingTo("0.0005253").hasScaleOf(Cost.SCALE);
        // reasoning tokens are completion tokens: billed at the output price
        assertThat(Cost.of(priced("1.25", "10", false), new TokenUsage(14, 900, 914, 852)))
                .isEqualByComparingTo("0.0090175");
    }

    @Test
    void aFreeModelCostsNothingWhateverItsPrices() {
        assertThat(Cost.of(priced("5", "15", true), new TokenUsage(1000, 1000, 2000))).isZero();
        assertThat(Cost.of(priced(null, null, true), TokenUsage.NONE)).isZero();
    }

    @Test
    void unknownWithoutUsageOrWithoutAPriceItNeeds() {
        assertThat(Cost.of(priced("1", "2", false), TokenUsage.NONE)).isNull();
        assertThat(Cost.of(priced(null, "2", false), new TokenUsage(10, 5, 15))).isNull();
        // no tokens of a kind need no price for it
        assertThat(Cost.of(priced(null, "2", false), new TokenUsage(0, 5, 5))).isEqualByComparingTo("0.00001");
    }

    @Test
    void aMillionthOfACentIsKept() {
        assertThat(Cost.of(priced("0.01", "0.01", false), new TokenUsage(1, 0, 1))).isEqualByComparingTo("0.00000001");
    }

    @Test
    void cachedPromptTokensCostTheCachedPriceWhereTheAllowlistHasOne() {
        AllowedModel cachedPrice = new AllowedModel("m", "p", "m", null, true, false, null, null, false,
                new BigDecimal("2.50"), new BigDecimal("10"), null, null, null, new BigDecimal("1.25"));
        // 200 fresh x 2.50 + 800 cached x 1.25 + 100 x 10, per million
        assertThat(Cost.of(cachedPrice, new TokenUsage(1000, 100, 1100, null, 800))).isEqualByComparingTo("0.0025");
        // without a cached price every prompt token costs the input price
        assertThat(Cost.of(priced("2.50", "10", false), new TokenUsage(1000, 100, 1100, null, 800)))
                .isEqualByComparingTo("0.0035");
    }

    @Test
    void cacheWritesCostTheirOwnPriceBesideReads() {
        AllowedModel claude = new AllowedModel("m", "p", "m", "claude", true, false, null, null, false,
                new BigDecimal("3"), new BigDecimal("15"), null, null, null, new BigDecimal("0.3"), null,
                new BigDecimal("3.75"), true);
        // 1000 fresh x 3 + 2000 read x 0.3 + 4000 written x 3.75 + 100 x 15, per million
        assertThat(Cost.of(claude, new TokenUsage(7000, 100, 7100, null, 2000, 4000))).isEqualByComparingTo("0.0201");
        // without a write price the writes cost the input price
        AllowedModel noWritePrice = new AllowedModel("m", "p", "m", "claude", true, false, null, null, false,
                new BigDecimal("3"), new BigDecimal("15"), null, null, null, new BigDecimal("0.3"));
        assertThat(Cost.of(noWritePrice, new TokenUsage(7000, 100, 7100, null, 2000, 4000)))
                .isEqualByComparingTo("0.0171");
    }
}
