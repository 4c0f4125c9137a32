package dev.llmproxy.domain.spend;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BudgetTest {

    private static final Instant NOON = Instant.parse("2026-12-31T12:00:00Z");

    @Test
    void periodsAreUtcDaysAndMonths() {
        assertThat(BudgetPeriod.DAY.start(NOON)).isEqualTo(Instant.parse("2026-12-31T00:00:00Z"));
        assertThat(BudgetPeriod.DAY.key(NOON)).isEqualTo("2026-12-31");
        assertThat(BudgetPeriod.DAY.end(NOON)).isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
        assertThat(BudgetPeriod.MONTH.key(NOON)).isEqualTo("2026-12-01");
        assertThat(BudgetPeriod.MINUTE.key(NOON.plusSeconds(61))).isEqualTo("2026-12-31T12:01:00Z");
        assertThat(BudgetPeriod.MINUTE.end(NOON.plusSeconds(61))).isEqualTo(Instant.parse("2026-12-31T12:02:00Z"));
        assertThat(BudgetPeriod.MONTH.end(NOON)).isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
        assertThat(BudgetPeriod.MONTH.end(Instant.parse("2027-02-10T23:59:59Z")))
                .isEqualTo(Instant.parse("2027-03-01T00:00:00Z"));
    }

    @Test
    void eachPeriodIsCountedInItsOwnRow() {
        Budget daily = new Budget("global.daily", BudgetPeriod.DAY, new BigDecimal("5"), null);
        assertThat(daily.rowKey(NOON)).isEqualTo("budget|global.daily|2026-12-31");
        assertThat(daily.rowKey(NOON.plusSeconds(12 * 3600))).isEqualTo("budget|global.daily|2027-01-01");
    }

    @Test
    void aChargeFitsWhenUsedReservedAndItStayWithinEveryUnit() {
        Budget b = new Budget("key:k1.daily", BudgetPeriod.DAY, new BigDecimal("1.00"), 1000L);
        Charge counted = new Charge(new BigDecimal("0.75"), 600);
        assertThat(b.fits(counted, new Charge(new BigDecimal("0.25"), 400))).isTrue(); // exactly full
        assertThat(b.fits(counted, new Charge(new BigDecimal("0.2500000001"), 1))).isFalse();
        assertThat(b.fits(counted, new Charge(BigDecimal.ZERO, 401))).isFalse();
        Budget tokensOnly = new Budget("t.daily", BudgetPeriod.DAY, null, 10L);
        assertThat(tokensOnly.fits(Charge.ZERO, new Charge(new BigDecimal("1000"), 10))).isTrue();
    }

    @Test
    void aShareDividesEachMaximumRoundingDown() {
        Budget b = new Budget("global.monthly", BudgetPeriod.MONTH, new BigDecimal("10"), 1001L);
        Budget third = b.share(3);
        assertThat(third.maxUsd()).isEqualByComparingTo("3.3333333333");
        assertThat(third.maxTokens()).isEqualTo(333L);
        assertThat(third.maxUsd().multiply(BigDecimal.valueOf(3))).isLessThanOrEqualTo(b.maxUsd());
        assertThat(b.share(1)).isSameAs(b);
    }

    @Test
    void whileTheStoreIsDownEachInstanceSharesWhatWasLeftWhenItWasLastRead() {
        Budget b = new Budget("global.daily", BudgetPeriod.DAY, new BigDecimal("10"), 1000L);
        Budget share = b.share(2, new Charge(new BigDecimal("9"), 400));
        assertThat(share.maxUsd()).isEqualByComparingTo("0.5");
        assertThat(share.maxTokens()).isEqualTo(300L);
        // spent past the budget (a real cost above its estimate): nothing is left to share
        Budget none = b.share(3, new Charge(new BigDecimal("12"), 1200));
        assertThat(none.maxUsd()).isZero();
        assertThat(none.maxTokens()).isZero();
        assertThat(none.fits(Charge.ZERO, new Charge(new BigDecimal("0.01"), 1))).isFalse();
        // one instance alone shares what was left too
        assertThat(b.share(1, new Charge(BigDecimal.ONE, 100)).maxTokens()).isEqualTo(900L);
    }

    @Test
    void aBudgetLimitsSomethingAndNothingIsNegative() {
        assertThatThrownBy(() -> new Budget("x.daily", BudgetPeriod.DAY, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Charge(new BigDecimal("-0.01"), 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void chargesAddAndSubtractExactlyAndNeverGoBelowZero() {
        Charge a = new Charge(new BigDecimal("0.1"), 10);
        Charge b = new Charge(new BigDecimal("0.2"), 5);
        assertThat(a.plus(b).usd()).isEqualByComparingTo("0.3"); // no float drift
        assertThat(a.minus(b)).isEqualTo(new Charge(BigDecimal.ZERO, 5));
        BudgetUse use = BudgetUse.NONE.reserve(a).settle(a, b);
        assertThat(use.reserved().isZero()).isTrue();
        assertThat(use.used()).isEqualTo(b);
    }
}
