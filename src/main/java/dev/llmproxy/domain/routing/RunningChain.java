package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A chain run's result, which can also say what the run did when it never gets one: cancelled (the client went
 * away), the run's attempts are still the request log's business.
 */
public final class RunningChain extends CompletableFuture<ChainResult> {

    private final AttemptLog log;

    RunningChain(AttemptLog log) {
        this.log = log;
    }

    /**
     * The attempts made so far; after a cancellation, ending with the attempt that was in flight as
     * {@link Outcome#ABANDONED}.
     */
    public List<AttemptRecord> attemptsSoFar() {
        return isCancelled() ? log.abandoned() : List.copyOf(log.all());
    }
}
