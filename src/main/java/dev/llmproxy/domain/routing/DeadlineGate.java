package dev.llmproxy.domain.routing;

import java.util.concurrent.CompletableFuture;

/**
 * No attempt or retry starts past the chain budget ({@code chainBudgetMs}). A continuation is exempt: it finishes an
 * answer the client is already reading, and the budget bounds starting one.
 */
final class DeadlineGate implements ModelPolicy {

    @Override
    public CompletableFuture<ModelResult> apply(ModelTry attempt, ModelStep inner) {
        if (!attempt.continuation() && attempt.run().deadline().expired()) {
            return CompletableFuture.completedFuture(ModelResult.OUT_OF_TIME);
        }
        return inner.run(attempt);
    }
}
