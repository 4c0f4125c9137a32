package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.breaker.BreakerPolicy;
import dev.llmproxy.domain.breaker.BreakerState;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.failure.Outcome;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static dev.llmproxy.domain.routing.FakeUpstream.ok;
import static dev.llmproxy.domain.routing.FakeUpstream.status;
import static dev.llmproxy.domain.routing.PolicyFixture.result;
import static dev.llmproxy.domain.routing.PolicyFixture.turn;
import static org.assertj.core.api.Assertions.assertThat;

/** The breaker gate, the deadline gate, the attempt timeout, and their composition. */
class GatesTest {

    private final PolicyFixture f = new PolicyFixture();
    private final Breakers breakers = new Breakers(() -> BreakerPolicy.builder().failureThreshold(1)
            .consecutiveFailures(1).cooldown(Duration.ofSeconds(30)).build(), f.clock, "test", t -> { });

    private DeadlineGate deadlineGate() {
        return new DeadlineGate(f.latencies, new LaterModels(f.cooldowns, breakers));
    }

    @Test
    void anOpenCircuitPassesTheModelOverWithoutACall() {
        breakers.of("a").forceOpen("drill");
        RunContext run = f.run("a");
        assertThat(result(new BreakerGate(breakers).apply(turn(run, 0), f.inner))).isSameAs(ModelResult.SKIPPED);
        assertThat(f.innerRuns).isEmpty();
        assertThat(run.log().all()).singleElement().satisfies(a -> {
            assertThat(a.outcome()).isEqualTo(Outcome.SKIPPED_BREAKER_OPEN);
            assertThat(a.reason()).startsWith("not called: circuit open, next probe in");
        });
    }

    @Test
    void everyCallReportsItsVerdictToTheBreaker() {
        f.answers(status(503));
        result(new BreakerGate(breakers).apply(turn(f.run("a"), 0), f.inner));
        assertThat(breakers.of("a").state()).isEqualTo(BreakerState.OPEN);
    }

    @Test
    void aTurnHaltedByTheClientLeavingSaysNothingAboutHealth() {
        f.then(ModelResult.HALTED);
        result(new BreakerGate(breakers).apply(turn(f.run("a"), 0), f.inner));
        f.answers(ok("a"));
        result(new BreakerGate(breakers).apply(turn(f.run("a"), 0), f.inner));
        assertThat(breakers.of("a").state()).isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void noAttemptStartsPastTheChainBudgetButAContinuationDoes() {
        RunContext run = f.run("a");
        f.clock.advance(Duration.ofSeconds(10));
        assertThat(result(deadlineGate().apply(turn(run, 0), f.inner))).isSameAs(ModelResult.OUT_OF_TIME);
        f.answers(ok("a"));
        ModelTry continuation = new ModelTry(run, run.plan().candidates().get(0), 0, true);
        assertThat(result(deadlineGate().apply(continuation, f.inner))).isInstanceOf(ModelResult.Answered.class);
    }

    @Test
    void theAttemptTimeoutIsCappedByWhatIsLeftOfTheBudgetExceptForAContinuation() {
        RunContext run = f.run("a");
        f.clock.advance(Duration.ofMillis(8500));
        f.answers(ok("a"), ok("a"));
        result(new AttemptTimeout().apply(turn(run, 0), f.inner));
        result(new AttemptTimeout().apply(new ModelTry(run, run.plan().candidates().get(0), 0, true), f.inner));
        assertThat(f.innerRuns).extracting(ModelTry::timeout)
                .containsExactly(Duration.ofMillis(1500), Duration.ofMillis(3000));
    }

    @Test
    void aStackStopsAtOnceForARunThatHasEnded() {
        RunContext run = f.run("a");
        run.result().cancel(true);
        ModelStep stack = ModelStack.of(List.of(deadlineGate()), f.inner);
        assertThat(result(stack.run(turn(run, 0)))).isSameAs(ModelResult.HALTED);
        assertThat(f.innerRuns).isEmpty();
    }
}
