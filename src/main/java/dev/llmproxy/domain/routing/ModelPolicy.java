package dev.llmproxy.domain.routing;

import java.util.concurrent.CompletableFuture;

/**
 * One layer around the call to a model: a gate, a bound or a retry. A policy is immutable and keeps no state
 * between requests; what a run remembers lives in its {@link RunContext}. The layers are stacked in
 * {@link ModelStack}.
 */
interface ModelPolicy {

    /** Runs {@code inner} zero or more times for {@code attempt} and says how the model's turn ended. */
    CompletableFuture<ModelResult> apply(ModelTry attempt, ModelStep inner);
}
