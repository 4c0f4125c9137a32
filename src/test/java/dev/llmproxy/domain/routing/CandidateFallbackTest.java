package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.breaker.BreakerPolicy;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.latency.ModelLatencies;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** Whatever a policy does wrong, the run ends with an answer. */
class CandidateFallbackTest {

    private final PolicyFixture f = new PolicyFixture();
    private final Breakers breakers = new Breakers(() -> BreakerPolicy.DEFAULT, f.clock, "test", t -> { });

    private ChainResult.Failure runWith(ModelStep stack) {
        RunningChain r = new CandidateFallback(f.run("a", "b"), stack, f.cooldowns, breakers,
                new ModelLatencies(f.clock), d -> new CompletableFuture<>()).start();
        assertThat(r).isDone();
        return (ChainResult.Failure) r.join();
    }

    @Test
    void aPolicyThatThrowsEndsTheRunWithAnInternalError() {
        assertThat(runWith(attempt -> { throw new IllegalStateException("defect"); }).error().kind())
                .isEqualTo(ErrorKind.INTERNAL);
    }

    @Test
    void aTurnThatFailsExceptionallyEndsTheRunWithAnInternalError() {
        assertThat(runWith(attempt -> CompletableFuture.failedFuture(new IllegalStateException("defect"))).error()
                .kind()).isEqualTo(ErrorKind.INTERNAL);
    }
}
