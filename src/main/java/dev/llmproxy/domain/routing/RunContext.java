package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;

import java.time.Clock;
import java.util.concurrent.CompletableFuture;

/**
 * What one run remembers while its policies act: the plan, the deadline, the attempts so far, the streaming splice,
 * the breaker permit in flight and the two facts the errors need. Steps run one at a time (each is triggered by the
 * completion of the previous attempt or wait), so the flags need no locking; only the future in flight and the
 * permit are touched by the thread that cancels the run.
 */
final class RunContext {

    private final ChainPlan plan;
    private final Deadline deadline;
    private final AttemptLog log;
    private final RunningChain result;
    /** Null unless the request streams. */
    private final StreamSplice splice;
    private final InFlightPermit permit = new InFlightPermit();
    private volatile CompletableFuture<?> inFlight;
    private boolean saw429;
    private boolean waitedForRetryAfter;

    RunContext(ChainPlan plan, Clock clock) {
        this.plan = plan;
        this.deadline = new Deadline(clock, plan.settings().timeBudgets().chain());
        this.log = new AttemptLog(clock, plan.trace());
        this.result = new RunningChain(log);
        this.splice = plan.stream() == null ? null
                : new StreamSplice(plan.stream(), clock, CommitWindow.of(plan.settings().streaming(), clock));
        result.whenComplete((r, e) -> {
            if (result.isCancelled()) {
                CompletableFuture<?> current = inFlight;
                if (current != null) {
                    current.cancel(true);
                }
                permit.releaseNeutral();
            }
        });
    }

    ChainPlan plan() {
        return plan;
    }

    Deadline deadline() {
        return deadline;
    }

    AttemptLog log() {
        return log;
    }

    RunningChain result() {
        return result;
    }

    StreamSplice splice() {
        return splice;
    }

    InFlightPermit permit() {
        return permit;
    }

    /** Whether the run has its result, or was cancelled because the client went away. */
    boolean done() {
        return result.isDone();
    }

    /** Whether the client is already reading a streamed answer: what follows can only continue it. */
    boolean continuing() {
        return splice != null && splice.committed();
    }

    /** The attempt or wait in flight, cancelled with the run. */
    <T> CompletableFuture<T> track(CompletableFuture<T> future) {
        inFlight = future;
        if (result.isCancelled()) {
            future.cancel(true);
        }
        return future;
    }

    /** A wait that ends (normally) when {@code sleep} does, or when the run is cancelled. */
    CompletableFuture<Void> waitOut(CompletableFuture<Void> sleep) {
        return track(sleep).handle((v, e) -> null);
    }

    void sawRateLimit() {
        saw429 = true;
    }

    /** Whether any model of the chain answered 429 or was passed over cooling down ({@link Outcome#SKIPPED_COOLDOWN}). */
    boolean saw429() {
        return saw429;
    }

    /** A request waits out a {@code Retry-After} at most once. */
    boolean mayWaitForRetryAfter() {
        return !waitedForRetryAfter;
    }

    void waitedForRetryAfter() {
        waitedForRetryAfter = true;
    }

    void finish(ChainResult r) {
        inFlight = null;
        result.complete(r);
    }
}
