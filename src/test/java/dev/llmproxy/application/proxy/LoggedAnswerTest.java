package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.routing.Sleeper;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

class LoggedAnswerTest {

    /** Timers the test fires by hand. */
    private final List<CompletableFuture<Void>> timers = new ArrayList<>();
    private final Sleeper sleeper = d -> {
        CompletableFuture<Void> t = new CompletableFuture<>();
        timers.add(t);
        return t;
    };
    private final java.util.concurrent.atomic.AtomicInteger withheld = new java.util.concurrent.atomic.AtomicInteger();
    private final ChainResult.Streamed answer = new ChainResult.Streamed(null, "m", Finish.STOP, null, false, false, null,
            List.of(), false);

    /** Relays the outcome as the service does, once the run has ended. */
    private static void relay(CompletableFuture<ChainResult> outcome, CompletableFuture<ChainResult> answered,
                              CompletableFuture<Void> committed, Duration wait, Sleeper sleeper, String requestId,
                              Runnable withheld) {
        outcome.whenComplete((r, e) -> LoggedAnswer.relay(r, e, answered, committed, wait, sleeper, requestId, withheld));
    }

    @Test
    void withoutACommitToWaitForTheOutcomeIsTheAnswer() {
        CompletableFuture<ChainResult> outcome = CompletableFuture.completedFuture(answer);
        CompletableFuture<ChainResult> answered = new CompletableFuture<>();
        relay(outcome, answered, null, Duration.ofSeconds(5), sleeper, "r1", withheld::incrementAndGet);
        assertThat(answered).isCompletedWithValue(answer);
    }

    @Test
    void theAnswerWaitsForItsRowToCommit() {
        CompletableFuture<Void> committed = new CompletableFuture<>();
        CompletableFuture<ChainResult> answered = new CompletableFuture<>();
        relay(CompletableFuture.completedFuture(answer), answered, committed, Duration.ofSeconds(5), sleeper, "r2", withheld::incrementAndGet);
        assertThat(answered).isNotDone();
        committed.complete(null);
        assertThat(answered).isCompletedWithValue(answer);
        assertThat(timers.get(0)).isDone(); // the wait's timer is let go
        assertThat(withheld).hasValue(0);
    }

    @Test
    void aRowNotCommittedInTimeWithholdsTheAnswerAsUnavailable() {
        CompletableFuture<Void> committed = new CompletableFuture<>();
        CompletableFuture<ChainResult> answered = new CompletableFuture<>();
        relay(CompletableFuture.completedFuture(answer), answered, committed, Duration.ofSeconds(5), sleeper, "r3", withheld::incrementAndGet);
        timers.get(0).complete(null);
        assertThat(answered.join()).isInstanceOfSatisfying(ChainResult.Failure.class,
                f -> assertThat(f.error().kind()).isEqualTo(ErrorKind.UNAVAILABLE));
        committed.complete(null); // too late: the refusal stands
        assertThat(answered.join()).isInstanceOf(ChainResult.Failure.class);
        assertThat(withheld).hasValue(1);
    }

    @Test
    void aRowTheDatabaseRefusedWithholdsTheAnswerToo() {
        CompletableFuture<Void> committed = CompletableFuture.failedFuture(new IllegalStateException("refused"));
        CompletableFuture<ChainResult> answered = new CompletableFuture<>();
        relay(CompletableFuture.completedFuture(answer), answered, committed, Duration.ofSeconds(5), sleeper, "r4", withheld::incrementAndGet);
        assertThat(answered.join()).isInstanceOf(ChainResult.Failure.class);
    }

    @Test
    void failuresAndCancellationsPassStraightThrough() {
        ChainResult.Failure failed = new ChainResult.Failure(ProxyError.of(ErrorKind.UPSTREAM_FAILED, "x"), List.of(), false);
        CompletableFuture<ChainResult> answered = new CompletableFuture<>();
        relay(CompletableFuture.completedFuture(failed), answered, new CompletableFuture<>(),
                Duration.ofSeconds(5), sleeper, "r5", withheld::incrementAndGet);
        assertThat(answered).isCompletedWithValue(failed);
        CompletableFuture<ChainResult> cancelled = new CompletableFuture<>();
        cancelled.cancel(true);
        CompletableFuture<ChainResult> answered2 = new CompletableFuture<>();
        relay(cancelled, answered2, new CompletableFuture<>(), Duration.ofSeconds(5), sleeper, "r6", withheld::incrementAndGet);
        assertThat(answered2).isCancelled();
    }
}
