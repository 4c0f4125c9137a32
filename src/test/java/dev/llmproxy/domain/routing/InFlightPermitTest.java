package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.breaker.BreakerPolicy;
import dev.llmproxy.domain.breaker.BreakerState;
import dev.llmproxy.domain.breaker.CircuitBreaker;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.Verdict;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class InFlightPermitTest {

    private static final Verdict FAILURE = new Verdict(Outcome.SERVER_ERROR, Verdict.Action.RETRY_SAME, true);

    private final CircuitBreaker breaker = new CircuitBreaker("m", BreakerPolicy.builder().failureThreshold(1)
            .window(Duration.ofMinutes(1)).consecutiveFailures(1).cooldown(Duration.ofSeconds(30)).build(),
            MutableClock.atEpoch(), "i1", t -> { });

    @Test
    void aFailureReportOpensTheBreaker() {
        InFlightPermit held = new InFlightPermit();
        held.hold(breaker, breaker.tryAcquire());
        held.report(FAILURE, "HTTP 503");
        assertThat(breaker.state()).isEqualTo(BreakerState.OPEN);
    }

    @Test
    void aPermitReleasedByACancelIsNotReportedAgain() {
        InFlightPermit held = new InFlightPermit();
        held.hold(breaker, breaker.tryAcquire());
        held.releaseNeutral();
        held.report(FAILURE, "HTTP 503"); // the reply that raced the cancel
        assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void nothingHeldReportsNothing() {
        InFlightPermit held = new InFlightPermit();
        held.report(FAILURE, "HTTP 503");
        held.releaseNeutral();
        assertThat(breaker.state()).isEqualTo(BreakerState.CLOSED);
    }
}
