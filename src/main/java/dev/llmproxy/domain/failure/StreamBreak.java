package dev.llmproxy.domain.failure;


/** How a stream that had started went wrong. */
public enum StreamBreak {
    /** The connection ended without the terminating chunk. */
    CUT,
    /** No event within the idle timeout. */
    STALL,
    /** The upstream sent an error event mid-answer. */
    ERROR
}
