package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.Outcome;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.llmproxy.domain.routing.FakeUpstream.failed;
import static dev.llmproxy.domain.routing.FakeUpstream.ok;
import static dev.llmproxy.domain.routing.FakeUpstream.rateLimited;
import static dev.llmproxy.domain.routing.FakeUpstream.status;
import static dev.llmproxy.domain.routing.PolicyFixture.result;
import static dev.llmproxy.domain.routing.PolicyFixture.turn;
import static org.assertj.core.api.Assertions.assertThat;

class SameModelRetryTest {

    private final PolicyFixture f = new PolicyFixture();
    private final SameModelRetry retry = new SameModelRetry(f.sleeper, () -> 0.5);

    @Test
    void aServerErrorIsTriedAgainAfterAJitteredBackoffUntilItAnswers() {
        f.answers(status(503), failed(FailureKind.RESET), ok("a"));
        ModelResult r = result(retry.apply(turn(f.run("a"), 0), f.inner));
        assertThat(((ModelResult.Answered) r).verdict().outcome()).isEqualTo(Outcome.SUCCESS);
        assertThat(f.sleeps).containsExactly(Duration.ofMillis(150), Duration.ofMillis(300));
    }

    @Test
    void retriesStopAtMaxSameModelRetriesAndTheLastAnswerStands() {
        f.answers(status(503), status(503), status(502));
        ModelResult r = result(retry.apply(turn(f.run("a"), 0), f.inner));
        assertThat(f.innerRuns).hasSize(3);
        assertThat(((ModelResult.Answered) r).verdict().outcome()).isEqualTo(Outcome.SERVER_ERROR);
    }

    @Test
    void aRetryWhoseWaitWouldReachTheDeadlineIsNotStarted() {
        f.settings = f.settings.toBuilder().set("chainBudgetMs", 100L).build();
        f.answers(status(503));
        result(retry.apply(turn(f.run("a"), 0), f.inner));
        assertThat(f.innerRuns).hasSize(1);
        assertThat(f.sleeps).isEmpty();
    }

    @Test
    void a429IsNeverRetriedAtOnceEvenWhenListedForRetry() {
        f.settings = f.settings.toBuilder().set("sameModelRetryStatuses", java.util.List.of(429, 503)).build();
        f.answers(rateLimited(Duration.ofSeconds(1)));
        result(retry.apply(turn(f.run("a"), 0), f.inner));
        assertThat(f.innerRuns).hasSize(1);
    }

    @Test
    void aContinuationIsNeverRetriedOnTheSameModel() {
        f.answers(status(503));
        RunContext run = f.run("a");
        result(retry.apply(new ModelTry(run, run.plan().candidates().get(0), 0, true), f.inner));
        assertThat(f.innerRuns).hasSize(1);
    }

    @Test
    void aSkippedTurnIsNotRetried() {
        f.then(ModelResult.SKIPPED);
        assertThat(result(retry.apply(turn(f.run("a"), 0), f.inner))).isSameAs(ModelResult.SKIPPED);
        assertThat(f.sleeps).isEmpty();
    }
}
