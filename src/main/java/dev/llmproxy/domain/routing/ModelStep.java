package dev.llmproxy.domain.routing;

import java.util.concurrent.CompletableFuture;

/** One model's turn, from a policy's point of view: what the layers below it do. */
@FunctionalInterface
interface ModelStep {
    CompletableFuture<ModelResult> run(ModelTry attempt);
}
