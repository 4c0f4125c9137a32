package dev.llmproxy.domain.failure;


/** The classification of one attempt, as recorded in the request log. */
public enum Outcome {
    SUCCESS,
    TRUNCATED,
    /**
     * Truncated while the model was thinking: its thoughts used up the output budget (finish reason length with
     * reasoning tokens), so the answer is short or empty for want of room, not because it was finished.
     */
    OUTPUT_BUDGET_TOO_SMALL,
    RATE_LIMITED,
    SERVER_ERROR,
    CONNECTION_FAILED,
    TIMEOUT,
    MALFORMED_RESPONSE,
    CONTEXT_LENGTH,
    CONTENT_REFUSED,
    NOT_FOUND,
    AUTH_FAILED,
    CLIENT_ERROR,
    UNEXPECTED_STATUS,
    /** A stream that had started was cut, stalled or errored. */
    STREAM_BROKEN,
    /** Not called: the model is cooling down after a 429. */
    SKIPPED_COOLDOWN,
    /** Not called: the model's circuit breaker is open. */
    SKIPPED_BREAKER_OPEN,
    /** Not called: its recent latency says it would not answer in the time left of the request's budget. */
    SKIPPED_TOO_SLOW,
    /** Not called: the model had as many calls in flight as its concurrency cap allows. */
    SKIPPED_AT_CAPACITY,
    /** Not called: a model with a context window as large or larger found the prompt too long. */
    SKIPPED_CONTEXT_WINDOW,
    /** Cancelled in flight: the client went away before the attempt ended. */
    ABANDONED,
    /** Cancelled in flight: the model it was hedged with (or against) answered first. */
    OUTRUN;

    /** Whether the answer stopped at its length limit (it stands, unless a later model does better). */
    public boolean truncated() {
        return this == TRUNCATED || this == OUTPUT_BUDGET_TOO_SMALL;
    }

    /** Whether no upstream call was made. */
    public boolean skipped() {
        return this == SKIPPED_COOLDOWN || this == SKIPPED_BREAKER_OPEN || this == SKIPPED_TOO_SLOW
                || this == SKIPPED_AT_CAPACITY || this == SKIPPED_CONTEXT_WINDOW;
    }
}
