package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.config.Settings;

import java.time.Duration;

/**
 * One model's turn in a run.
 *
 * @param index        the candidate's place in the chain (0 for the chain's first model)
 * @param continuation whether the turn continues a streamed answer the client is already reading
 * @param timeout      the attempt's bound, set by {@link AttemptTimeout}; null above it
 * @param moreRoom     whether the model is asked again with more output room ({@link RoomForThinking})
 */
record ModelTry(RunContext run, Candidate candidate, int index, boolean continuation, Duration timeout,
                boolean moreRoom) {

    ModelTry(RunContext run, Candidate candidate, int index, boolean continuation) {
        this(run, candidate, index, continuation, null, false);
    }

    String model() {
        return candidate.model().name();
    }

    /** Whether another model than the chain's first answers, should this one: later in the chain, or a refusal's. */
    boolean fallback() {
        return index > 0 || run.course().refused();
    }

    Settings settings() {
        return run.plan().settings();
    }

    ModelTry withTimeout(Duration bound) {
        return new ModelTry(run, candidate, index, continuation, bound, moreRoom);
    }

    ModelTry withMoreRoom() {
        return new ModelTry(run, candidate, index, continuation, timeout, true);
    }
}
