package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.answer.Answers;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.StreamBreak;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class AttemptBillTest {

    private static final AllowedModel PRICED = new AllowedModel("m", "p", "m", null, true, false, null, null, false,
            new BigDecimal("10"), new BigDecimal("10"), null, null, null, null);

    @Test
    void anAnswerIsBilledItsUsage() {
        AttemptBill b = AttemptBill.of(PRICED, new UpstreamReply.Completed(Answers.text(""), "m", Finish.STOP,
                new TokenUsage(11, 7, 18)), 50, 0);
        assertThat(b).isEqualTo(new AttemptBill(18, new BigDecimal("0.0001800000")));
    }

    @Test
    void aStreamWithoutUsageOrCutIsBilledThePromptEstimateAndWhatItProduced() {
        assertThat(AttemptBill.of(PRICED, new UpstreamReply.StreamEnded("m", Finish.STOP, TokenUsage.NONE, 5, 0, null), 9, 0)
                .tokens()).isEqualTo(14);
        assertThat(AttemptBill.of(PRICED, new UpstreamReply.StreamEnded("m", Finish.STOP, new TokenUsage(9, 2, 11), 5, 0,
                null), 50, 0).tokens()).isEqualTo(11); // the upstream's own count wins
        AttemptBill cut = AttemptBill.of(PRICED, new UpstreamReply.StreamBroken(StreamBreak.CUT, "cut", "m", 40, 0,
                null), 100, 0);
        assertThat(cut).isEqualTo(new AttemptBill(140, new BigDecimal("0.0014000000")));
    }

    @Test
    void errorsAndAnswersWithoutUsageAreNotBilled() {
        assertThat(AttemptBill.of(PRICED, new UpstreamReply.HttpError(503, null, ""), 10, 0)).isEqualTo(AttemptBill.NONE);
        assertThat(AttemptBill.of(PRICED, new UpstreamReply.Failed(FailureKind.TIMEOUT, "slow"), 10, 0))
                .isEqualTo(AttemptBill.NONE);
        assertThat(AttemptBill.of(PRICED, new UpstreamReply.Completed(Answers.text(""), "m", Finish.STOP, TokenUsage.NONE), 10, 0))
                .isEqualTo(AttemptBill.NONE);
    }

    @Test
    void aChainCostsWhatItsAttemptsWereBilled() {
        ChainCost cost = ChainCost.of(List.of(
                new AttemptRecord("a", dev.llmproxy.domain.failure.Outcome.SERVER_ERROR, 503, Duration.ZERO, "503"),
                new AttemptRecord("b", dev.llmproxy.domain.failure.Outcome.STREAM_BROKEN, 200, Duration.ZERO, "cut", 140,
                        new BigDecimal("0.0014")),
                new AttemptRecord("c", dev.llmproxy.domain.failure.Outcome.SUCCESS, 200, Duration.ZERO, null, 20,
                        new BigDecimal("0.0002"))));
        assertThat(cost).isEqualTo(new ChainCost(true, 160, new BigDecimal("0.0016")));
        assertThat(ChainCost.of(List.of(new AttemptRecord("u", dev.llmproxy.domain.failure.Outcome.SUCCESS, 200,
                Duration.ZERO, null, 20, null))).usd()).isNull();
    }
}
