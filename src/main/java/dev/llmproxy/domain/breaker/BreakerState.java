package dev.llmproxy.domain.breaker;

public enum BreakerState {
    /** Calls go through; failures are counted. */
    CLOSED,
    /** The model is skipped without a call until the cooldown ends. */
    OPEN,
    /** A bounded number of probes go through; successes close it, a failure reopens it. */
    HALF_OPEN
}
