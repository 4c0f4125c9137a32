package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.Verdict;

import dev.llmproxy.domain.config.TimeBudgets;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.DoubleSupplier;

/**
 * Same model again: an outcome the table marks for it (a 5xx in {@code sameModelRetryStatuses}, a refused or reset
 * connection, a body cut short) is tried again after a jittered backoff, at most {@code maxSameModelRetries} times
 * and never when the wait would reach the deadline. A 429 is never retried at once (it cools the model down,
 * {@link RateLimitPolicy}), and nothing is retried once the client is reading a streamed answer: that is
 * {@link StreamContinuation}'s business.
 */
final class SameModelRetry implements ModelPolicy {

    private final Sleeper sleeper;
    private final DoubleSupplier random;

    SameModelRetry(Sleeper sleeper, DoubleSupplier random) {
        this.sleeper = sleeper;
        this.random = random;
    }

    @Override
    public CompletableFuture<ModelResult> apply(ModelTry attempt, ModelStep inner) {
        return tryAgain(attempt, inner, 0);
    }

    private CompletableFuture<ModelResult> tryAgain(ModelTry attempt, ModelStep inner, int retries) {
        return inner.run(attempt).thenCompose(result -> {
            TimeBudgets budgets = attempt.settings().timeBudgets();
            if (!worthRetrying(attempt, result) || retries >= budgets.maxSameModelRetries()) {
                return CompletableFuture.completedFuture(result);
            }
            Duration delay = new Backoff(budgets.backoffInitial(), budgets.backoffMax(), random)
                    .delay(retries + 1);
            if (delay.compareTo(attempt.run().deadline().remaining()) >= 0) {
                return CompletableFuture.completedFuture(result);
            }
            return attempt.run().waitOut(sleeper.sleep(delay)).thenCompose(v -> tryAgain(attempt, inner, retries + 1));
        });
    }

    private static boolean worthRetrying(ModelTry attempt, ModelResult result) {
        return result instanceof ModelResult.Answered a && !attempt.continuation()
                && a.verdict().action() == Verdict.Action.RETRY_SAME && a.verdict().outcome() != Outcome.RATE_LIMITED;
    }
}
