package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.util.concurrent.CompletableFuture;

/**
 * A thinking model whose thoughts used up the output budget answers short or not at all, for want of room rather
 * than because it was done. When {@code retryWithMoreRoomForThinking} allows, that model is asked once more with
 * more room for its thoughts (how much more is the provider client's business), passing every gate again; only
 * then does {@code truncationPolicy} decide. Never for a continuation: the client is already reading that answer.
 */
final class RoomForThinking implements ModelPolicy {

    @Override
    public CompletableFuture<ModelResult> apply(ModelTry attempt, ModelStep inner) {
        return inner.run(attempt).thenCompose(result -> {
            if (attempt.moreRoom() || attempt.continuation() || !attempt.settings().outcomes().retryWithMoreRoomForThinking()
                    || !(result instanceof ModelResult.Answered a)
                    || a.verdict().outcome() != Outcome.OUTPUT_BUDGET_TOO_SMALL
                    || !(a.reply() instanceof UpstreamReply.Completed)) {
                return CompletableFuture.completedFuture(result);
            }
            return inner.run(attempt.withMoreRoom());
        });
    }
}
