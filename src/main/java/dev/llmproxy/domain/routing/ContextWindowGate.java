package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;

import java.util.concurrent.CompletableFuture;

/**
 * A model whose context window cannot hold the prompt is not called. What the prompt needs is learnt from the chain:
 * a model with a declared window of W tokens that answered "context length exceeded" says the prompt (with the answer
 * room asked for) needs more than W, so a later model whose window is W or less is passed over and the chain goes on
 * to one whose window is larger, or not declared. The proxy's own token estimate is never used for this: it is an
 * upper bound kept for budgets, and would pass over models that fit.
 */
final class ContextWindowGate implements ModelPolicy {

    @Override
    public CompletableFuture<ModelResult> apply(ModelTry attempt, ModelStep inner) {
        Integer window = attempt.candidate().model().contextWindow();
        if (window == null) {
            return inner.run(attempt);
        }
        int tooSmall = attempt.run().course().promptExceeded();
        if (window <= tooSmall) {
            attempt.run().log().skipped(attempt.model(), Outcome.SKIPPED_CONTEXT_WINDOW, "not called: its context "
                    + "window of " + window + " tokens is no larger than the " + tooSmall + " the prompt did not fit");
            return CompletableFuture.completedFuture(ModelResult.SKIPPED);
        }
        return inner.run(attempt).thenApply(result -> {
            if (result instanceof ModelResult.Answered a && a.verdict().outcome() == Outcome.CONTEXT_LENGTH) {
                attempt.run().course().promptExceeds(window);
            }
            return result;
        });
    }
}
