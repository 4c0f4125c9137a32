package dev.llmproxy.domain.failure;


/**
 * What the executor does after an attempt.
 *
 * @param breakerFailure whether the outcome counts against the model's health
 */
public record Verdict(Outcome outcome, Action action, boolean breakerFailure) {

    public enum Action {
        /** Answer the client with this reply. */
        SUCCEED,
        /** Retry the same model after a backoff (bounded), then move on. */
        RETRY_SAME,
        /** Move on to the next model at once. */
        NEXT,
        /** End the chain with this outcome. */
        STOP
    }
}
