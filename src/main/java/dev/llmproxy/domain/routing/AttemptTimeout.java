package dev.llmproxy.domain.routing;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Each attempt is bounded by {@code attemptTimeoutMs}, capped by what is left of the chain budget. A continuation
 * gets the whole attempt timeout: the client is already reading, and a stream's first-token and idle limits bound
 * it further.
 */
final class AttemptTimeout implements ModelPolicy {

    @Override
    public CompletableFuture<ModelResult> apply(ModelTry attempt, ModelStep inner) {
        Duration limit = attempt.settings().timeBudgets().attempt();
        return inner.run(attempt.withTimeout(attempt.continuation() ? limit : attempt.run().deadline().cap(limit)));
    }
}
