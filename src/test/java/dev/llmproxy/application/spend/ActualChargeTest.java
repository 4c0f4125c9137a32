package dev.llmproxy.application.spend;

import dev.llmproxy.application.config.ConfigDocument;
import dev.llmproxy.domain.config.AllowedModel;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetPeriod;
import dev.llmproxy.domain.spend.Charge;
import dev.llmproxy.domain.streaming.StreamStats;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ActualChargeTest {

    private static final RuntimeConfig CONFIG = ConfigDocument.read("""
            {"providers": [{"name": "p", "kind": "openai", "baseUrl": "http://127.0.0.1:1"}],
             "models": [{"name": "m", "provider": "p", "upstreamModel": "m", "inputCostPerMTok": 2, "outputCostPerMTok": 10}],
             "tiers": [], "settings": {}}
            """);
    private static final AllowedModel M = CONFIG.model("m").orElseThrow();
    private static final Reservation RESERVED = new Reservation(
            List.of(new Budget("global.daily", BudgetPeriod.DAY, BigDecimal.ONE, null)),
            new Charge(new BigDecimal("0.05"), 5000), Instant.EPOCH, 100, true);

    @Test
    void anAnswerIsChargedItsUsageAtItsModelsPrices() {
        ChainResult ok = new ChainResult.Success(M, new UpstreamReply.Completed(new byte[0], "m", "stop",
                new TokenUsage(100, 50, 150)), false, false, List.of(), false);
        // 100 x $2/M + 50 x $10/M
        assertThat(ActualCharge.of(ok, RESERVED, CONFIG)).isEqualTo(new Charge(new BigDecimal("0.0007"), 150));
    }

    @Test
    void aStreamCutMidwayIsChargedForWhatItRelayed() {
        ChainResult cut = new ChainResult.Failure(ProxyError.of(ErrorKind.STREAM_INTERRUPTED, "cut"),
                List.of(new AttemptRecord("m", Outcome.STREAM_BROKEN, 200, Duration.ZERO, "cut")), false,
                new StreamStats(10L, 40, 0, 0));
        // the prompt estimate (100) and 40 relayed tokens
        assertThat(ActualCharge.of(cut, RESERVED, CONFIG)).isEqualTo(new Charge(new BigDecimal("0.0006"), 140));
    }

    @Test
    void aFailureThatProducedNothingCostsNothing() {
        ChainResult failed = new ChainResult.Failure(ProxyError.of(ErrorKind.UPSTREAM_FAILED, "5xx"), List.of(), false);
        assertThat(ActualCharge.of(failed, RESERVED, CONFIG).isZero()).isTrue();
    }

    @Test
    void aClientThatLeftIsChargedTheWholeReservation() {
        assertThat(ActualCharge.of(null, RESERVED, CONFIG)).isEqualTo(RESERVED.charge());
    }
}
