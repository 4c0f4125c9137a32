package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.routing.Sleeper;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;

/**
 * The last bound on a request that does not stream. The admission queue's wait and the chain budget end every such
 * request long before it; should a defect ever leave one open, it fails (and is logged as a proxy failure) instead of
 * holding its client forever. It replaces the container's async timeout, which cost a timer wake-up per request.
 */
final class LastResortTimeout {

    /** Room above queue wait plus chain budget: the last attempt may end a little after the budget. */
    static final Duration SLACK = Duration.ofSeconds(30);

    private LastResortTimeout() {
    }

    static <T> void failAfter(CompletableFuture<T> outcome, Duration limit, Sleeper sleeper) {
        CompletableFuture<Void> timer = sleeper.sleep(limit);
        timer.thenRun(() -> {
            if (!outcome.isDone()) {
                outcome.completeExceptionally(new TimeoutException("the request was still open after "
                        + limit.toMillis() + " ms, past its queue wait and chain budget"));
            }
        });
        // Ending the wait by completing it rather than cancelling it spares two exceptions (and their stack traces)
        // on every request; the sleeper drops its timer either way.
        outcome.whenComplete((r, e) -> timer.complete(null));
    }
}
