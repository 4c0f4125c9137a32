package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.admission.Admission;
import dev.llmproxy.domain.admission.Priority;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.ChainExecutor;
import dev.llmproxy.domain.routing.ChainPlan;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.routing.OwnTime;
import dev.llmproxy.domain.routing.RunningChain;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A routed request's turn: first its place in the admission queue, then its chain run, which starts (and with it the
 * chain budget) when the request leaves the queue. Cancelling {@link #outcome()} stops whichever is under way.
 */
final class QueuedRun {

    private final CompletableFuture<ChainResult> outcome = new CompletableFuture<>();
    private final CompletableFuture<Admission.Ticket> admitted;
    private volatile Duration queueWait;
    private volatile RunningChain chain;

    private QueuedRun(Admission admission, ChainExecutor executor, Clock clock, ChainPlan plan, Priority priority,
                      Object party) {
        Instant queuedAt = clock.instant();
        OwnTime.Away queued = plan.ownTime().away();
        admitted = admission.admit(priority, party);
        admitted.whenComplete((ticket, error) -> {
            queued.end();
            if (error != null) {
                queueWait = Duration.between(queuedAt, clock.instant());
                refused(error);
            } else {
                queueWait = ticket.waited();
                run(executor, plan, ticket);
            }
        });
    }

    /** @param party whose request it is: callers of a priority class take turns in the queue */
    static QueuedRun start(Admission admission, ChainExecutor executor, Clock clock, ChainPlan plan, Priority priority,
                           Object party) {
        return new QueuedRun(admission, executor, clock, plan, priority, party);
    }

    /** How the request ended: the chain's result, an admission refusal, or a failure inside the proxy. */
    CompletableFuture<ChainResult> outcome() {
        return outcome;
    }

    /** How long the request waited for admission; null while it still waits. */
    Long queueWaitMs() {
        Duration waited = queueWait;
        return waited == null ? null : waited.toMillis();
    }

    /**
     * For a run the client walked away from: stops what is under way and returns the attempts made, the one in
     * flight too (the upstream was called); empty otherwise.
     */
    List<AttemptRecord> abandonedAttempts() {
        if (!outcome.isCancelled()) {
            return List.of();
        }
        admitted.cancel(false);
        RunningChain run = chain;
        if (run == null) {
            return List.of();
        }
        run.cancel(true); // it may not have heard yet
        return run.attemptsSoFar();
    }

    private void refused(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof ProxyException refusal) {
            outcome.complete(new ChainResult.Failure(refusal.error(), List.of(), false));
        } else if (!(cause instanceof CancellationException)) {
            outcome.completeExceptionally(cause);
        }
    }

    private void run(ChainExecutor executor, ChainPlan plan, Admission.Ticket ticket) {
        if (outcome.isDone()) {
            ticket.release(); // the client left while it waited
            return;
        }
        RunningChain run = executor.execute(plan);
        chain = run;
        run.whenComplete((r, e) -> {
            ticket.release();
            if (e != null) {
                outcome.completeExceptionally(e);
            } else {
                outcome.complete(r);
            }
        });
        outcome.whenComplete((r, e) -> {
            if (outcome.isCancelled()) {
                run.cancel(true);
            }
        });
    }
}
