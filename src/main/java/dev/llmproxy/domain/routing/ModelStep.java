package dev.llmproxy.domain.routing;

import java.util.concurrent.CompletableFuture;

/** One model's turn, from a policy's point of view: what the layers below it do. */
@FunctionalInterface
interface ModelStep {
    CompletableFuture<ModelResult> run(ModelTry attempt);

    /** {@link #run}, a defect thrown instead of returned being returned as a failed turn. */
    default CompletableFuture<ModelResult> runCatching(ModelTry attempt) {
        try {
            return run(attempt);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
