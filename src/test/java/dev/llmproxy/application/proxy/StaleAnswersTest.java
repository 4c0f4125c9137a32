package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.routing.ChainResult;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** An earlier answer stands in for what an outage did, never for what the request did, nor once a stream began. */
class StaleAnswersTest {

    private static final KeptAnswer KEPT = new KeptAnswer("req_1", "m", false, 200, "application/json", Map.of(),
            new byte[1], Instant.EPOCH);

    private static ChainResult failure(ErrorKind kind) {
        return new ChainResult.Failure(ProxyError.of(kind, "failed"), List.of(), false);
    }

    @Test
    void anOutageIsAnsweredWithTheKeptAnswer() {
        for (ErrorKind outage : List.of(ErrorKind.UPSTREAM_FAILED, ErrorKind.UPSTREAM_RATE_LIMITED,
                ErrorKind.UNAVAILABLE, ErrorKind.TIMEOUT)) {
            ChainResult failed = failure(outage);
            assertThat(StaleAnswers.inPlaceOf(failed, null, () -> Optional.of(KEPT)))
                    .isEqualTo(new ChainResult.Stale((ChainResult.Failure) failed, KEPT));
        }
    }

    @Test
    void whatTheRequestDidNothingKeptAndAStreamBegunStayAsTheyAre() {
        for (ErrorKind refusal : List.of(ErrorKind.CONTEXT_LENGTH, ErrorKind.CONTENT_POLICY,
                ErrorKind.BUDGET_EXCEEDED, ErrorKind.BAD_REQUEST, ErrorKind.INTERNAL)) {
            ChainResult failed = failure(refusal);
            assertThat(StaleAnswers.inPlaceOf(failed, null, () -> Optional.of(KEPT))).isSameAs(failed);
        }
        ChainResult outage = failure(ErrorKind.UPSTREAM_FAILED);
        assertThat(StaleAnswers.inPlaceOf(outage, null, Optional::empty)).isSameAs(outage);
        assertThat(StaleAnswers.inPlaceOf(null, null, () -> Optional.of(KEPT))).isNull();
    }
}
