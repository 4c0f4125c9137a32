package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.routing.Sleeper;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Logger;

/**
 * Hands a chain's outcome on to the client's answer, with {@code requestLogDurability=sync} only once the request's
 * log row has committed: an auditor who needs every answered request on record gets no answer without one. A row the
 * database does not confirm within the wait turns the answer into a refusal (503, or an in-band error on a stream);
 * the row itself is still written when the database takes it.
 */
final class LoggedAnswer {

    private static final Logger LOG = Logger.getLogger(LoggedAnswer.class.getName());

    private LoggedAnswer() {
    }

    /**
     * @param result    how the run ended, or null when it failed inside the proxy ({@code error}) or was cancelled
     * @param committed completes when the row is in the database; null when the answer need not wait
     * @param withheld  told when an answer is withheld (for the metrics)
     */
    static void relay(ChainResult result, Throwable error, CompletableFuture<ChainResult> answered,
                      CompletableFuture<Void> committed, Duration wait, Sleeper sleeper, String requestId,
                      Runnable withheld) {
        if (error instanceof CancellationException) {
            answered.cancel(false);
            return;
        }
        if (error != null) {
            answered.completeExceptionally(error);
            return;
        }
        if (committed == null || result instanceof ChainResult.Failure) {
            answered.complete(result); // nothing was answered that the log must vouch for
            return;
        }
        CompletableFuture<Void> timer = sleeper.sleep(wait);
        timer.thenRun(() -> unconfirmed(answered, result, requestId, "was not committed within " + wait.toMillis()
                + " ms", withheld));
        committed.whenComplete((v, e) -> {
            if (e == null) {
                answered.complete(result);
            } else {
                unconfirmed(answered, result, requestId, "could not be written (" + e.getMessage() + ")", withheld);
            }
            timer.complete(null); // lets the timer go; its callback finds the answer given
        });
    }

    private static void unconfirmed(CompletableFuture<ChainResult> answered, ChainResult result, String requestId,
                                    String why, Runnable withheld) {
        if (answered.isDone()) {
            return;
        }
        withheld.run();
        LOG.warning("Request " + requestId + ": its request-log row " + why + "; the answer is withheld "
                + "(requestLogDurability=sync)");
        answered.complete(new ChainResult.Failure(ProxyError.of(ErrorKind.UNAVAILABLE, "The answer could not be "
                + "recorded in the request log in time, and this proxy answers only what it has recorded; retry later."),
                result.attempts(), result.saw429()));
    }
}
