package dev.llmproxy.application.spend;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.answer.Answers;
import dev.llmproxy.domain.catalog.AllowedModel;
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

    private static final AllowedModel M = AllowedModel.of("m", "p", "m");
    private static final Reservation RESERVED = new Reservation(
            List.of(new Budget("global.daily", BudgetPeriod.DAY, BigDecimal.ONE, null)),
            new Charge(new BigDecimal("0.05"), 5000), Instant.EPOCH, 100, true);

    private static AttemptRecord attempt(Outcome outcome, Integer tokens, String usd) {
        return new AttemptRecord("m", outcome, 200, Duration.ZERO, "", tokens, usd == null ? null : new BigDecimal(usd));
    }

    @Test
    void anAnswerIsChargedWhatEveryAttemptWasBilled() {
        ChainResult ok = new ChainResult.Success(M, new UpstreamReply.Completed(Answers.text(""), "m", Finish.STOP,
                new TokenUsage(100, 50, 150)), true, false,
                List.of(attempt(Outcome.STREAM_BROKEN, 140, "0.0006"), attempt(Outcome.SUCCESS, 150, "0.0007")), false);
        assertThat(ActualCharge.of(ok, List.of(), RESERVED)).isEqualTo(new Charge(new BigDecimal("0.0013"), 290));
    }

    @Test
    void aStreamCutMidwayIsChargedForWhatItRelayed() {
        ChainResult cut = new ChainResult.Failure(ProxyError.of(ErrorKind.STREAM_INTERRUPTED, "cut"),
                List.of(attempt(Outcome.STREAM_BROKEN, 140, "0.0006")), false, new StreamStats(10L, 40, 0, 0));
        assertThat(ActualCharge.of(cut, List.of(), RESERVED)).isEqualTo(new Charge(new BigDecimal("0.0006"), 140));
    }

    @Test
    void aFailureThatProducedNothingCostsNothing() {
        ChainResult failed = new ChainResult.Failure(ProxyError.of(ErrorKind.UPSTREAM_FAILED, "5xx"),
                List.of(new AttemptRecord("m", Outcome.SERVER_ERROR, 503, Duration.ZERO, "503")), false);
        assertThat(ActualCharge.of(failed, List.of(), RESERVED).isZero()).isTrue();
    }

    @Test
    void withoutAPriceTheDollarsStayReservedAndTheTokensAreCounted() {
        ChainResult ok = new ChainResult.Success(M, new UpstreamReply.Completed(Answers.text(""), "m", Finish.STOP,
                new TokenUsage(100, 50, 150)), false, false, List.of(attempt(Outcome.SUCCESS, 150, null)), false);
        assertThat(ActualCharge.of(ok, List.of(), RESERVED)).isEqualTo(new Charge(new BigDecimal("0.05"), 150));
    }

    @Test
    void anAnswerWithoutItsUsageKeepsTheWholeReservation() {
        ChainResult ok = new ChainResult.Success(M, new UpstreamReply.Completed(Answers.text(""), "m", Finish.STOP,
                TokenUsage.NONE), false, false, List.of(attempt(Outcome.SUCCESS, null, null)), false);
        assertThat(ActualCharge.of(ok, List.of(), RESERVED)).isEqualTo(RESERVED.charge());
    }

    @Test
    void aClientThatLeftAnAnswerInOnePieceIsChargedTheWholeReservation() {
        assertThat(ActualCharge.of(null, List.of(), RESERVED)).isEqualTo(RESERVED.charge());
        assertThat(ActualCharge.of(null, List.of(new AttemptRecord("m", Outcome.ABANDONED, null, Duration.ZERO,
                "cancelled")), RESERVED)).isEqualTo(RESERVED.charge());
    }

    @Test
    void aClientThatLeftAStreamIsChargedWhatItProducedUntilThen() {
        List<AttemptRecord> left = List.of(attempt(Outcome.SERVER_ERROR, null, null),
                attempt(Outcome.ABANDONED, 130, "0.0013"));
        assertThat(ActualCharge.of(null, left, RESERVED)).isEqualTo(new Charge(new BigDecimal("0.0013"), 130));
    }
}
