package dev.llmproxy.application.spend;

import dev.llmproxy.application.config.ConfigDocument;
import dev.llmproxy.application.metrics.ProxyMetrics;
import dev.llmproxy.domain.breaker.BreakerTransition;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.spend.Charge;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SpendGuardTest {

    private static final RuntimeConfig CONFIG = ConfigDocument.read("""
            {"providers": [{"name": "p", "kind": "openai", "baseUrl": "http://127.0.0.1:1"}],
             "models": [{"name": "priced", "provider": "p", "upstreamModel": "priced",
                         "inputCostPerMTok": 10, "outputCostPerMTok": 10},
                        {"name": "unpriced", "provider": "p", "upstreamModel": "unpriced"}],
             "tiers": [], "settings": {"budgets": {"scope:usd": {"dailyUsd": 0.025}, "scope:tokens": {"dailyTokens": 2500}}}}
            """);
    private final MemoryLedger ledger = new MemoryLedger();
    private final List<String> refusals = new ArrayList<>();
    private final Clock clock = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);
    private final ProxyMetrics metrics = new ProxyMetrics() {
        @Override public void requestCompleted(RequestRecord record) { }
        @Override public void breakerTransition(BreakerTransition transition) { }
        @Override public void budgetRefused(String budget) { refusals.add(budget); }
        @Override public String contentType(String accept) { return "text/plain"; }
        @Override public void scrape(String contentType, OutputStream out) { }
    };
    private SpendGuard guard = new SpendGuard(ledger, metrics, clock);

    private Reservation reserve(String scope, String model, int maxTokens) {
        AllowedModel m = CONFIG.model(model).orElseThrow();
        return guard.reserve(CONFIG.settings(), null, scope, List.of(m), 9, maxTokens, false);
    }

    @Test
    void withoutABudgetNothingIsReserved() {
        assertThat(reserve("default", "priced", 991).none()).isTrue();
        assertThat(ledger.reservations).isZero();
    }

    @Test
    void theWorstCaseIsReservedUntilItDoesNotFitAndSettlingMakesRoomAgain() {
        // 9 + 991 tokens at $10 per million: $0.01 each, two fit in $0.025
        Reservation first = reserve("usd", "priced", 991);
        assertThat(first.charge()).isEqualTo(new Charge(new BigDecimal("0.01"), 1000));
        reserve("usd", "priced", 991);
        assertThatThrownBy(() -> reserve("usd", "priced", 991)).isInstanceOfSatisfying(ProxyException.class, e -> {
            assertThat(e.error().kind()).isEqualTo(ErrorKind.BUDGET_EXCEEDED);
            assertThat(e.error().message()).contains("scope:usd.daily");
        });
        assertThat(refusals).containsExactly("scope:usd.daily");
        guard.settle(first, new Charge(new BigDecimal("0.00018"), 18));
        assertThat(reserve("usd", "priced", 991).none()).isFalse();
    }

    @Test
    void aHedgedRequestReservesTwoCallsWhileTheyFitAndOneWithoutHedgingOnceTheyDoNot() {
        AllowedModel m = CONFIG.model("priced").orElseThrow();
        Reservation both = guard.reserve(CONFIG.settings(), null, "usd", List.of(m, m), 9, 991, true);
        assertThat(both.coversHedge()).isTrue();
        assertThat(both.charge()).isEqualTo(new Charge(new BigDecimal("0.02"), 2000));
        guard.settle(both, Charge.ZERO);
        reserve("usd", "priced", 991); // $0.015 left: room for one call, not two

        Reservation one = guard.reserve(CONFIG.settings(), null, "usd", List.of(m, m), 9, 991, true);

        assertThat(one.coversHedge()).isFalse();
        assertThat(one.charge()).isEqualTo(new Charge(new BigDecimal("0.01"), 1000));
        assertThat(refusals).isEmpty();
        assertThat(Reservation.NONE.coversHedge()).isTrue();
    }

    @Test
    void aModelWithoutAPriceIsRefusedUnderADollarBudgetButNotUnderATokenBudget() {
        assertThatThrownBy(() -> reserve("usd", "unpriced", 10)).isInstanceOfSatisfying(ProxyException.class,
                e -> assertThat(e.error().kind()).isEqualTo(ErrorKind.COST_SAFETY));
        assertThat(ledger.reservations).isZero();
        assertThat(reserve("tokens", "unpriced", 10).charge().tokens()).isEqualTo(19);
    }

    @Test
    void aFailingLedgerCostsTheSettlementNotTheAnswer() {
        Reservation r = reserve("tokens", "priced", 10);
        guard = new SpendGuard(new MemoryLedger() {
            @Override
            public void settle(Reservation reservation, Charge actual) {
                throw new IllegalStateException("store down");
            }
        }, metrics, clock);
        assertThatCode(() -> guard.settle(r, Charge.ZERO)).as("logged, not thrown").doesNotThrowAnyException();
    }

    @Test
    void aReservationIsSettledOnceHoweverOftenItsRequestEnds() {
        List<Charge> settled = new ArrayList<>();
        guard = new SpendGuard(new MemoryLedger() {
            @Override
            public void settle(Reservation reservation, Charge actual) {
                settled.add(actual);
                super.settle(reservation, actual);
            }
        }, metrics, clock);
        Reservation r = reserve("tokens", "priced", 10);
        guard.settle(r, Charge.ZERO);
        guard.settle(r, new Charge(BigDecimal.ONE, 5));
        assertThat(settled).containsExactly(Charge.ZERO);
    }
}
