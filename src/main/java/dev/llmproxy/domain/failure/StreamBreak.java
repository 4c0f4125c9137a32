package dev.llmproxy.domain.failure;


/** How a stream that had started went wrong. */
public enum StreamBreak {
    /** The connection ended without the terminating chunk. */
    CUT,
    /** No event within the idle timeout. */
    STALL,
    /** The upstream sent an error event mid-answer. */
    ERROR,
    /** The model refused to go on mid-answer (a stop reason or a content filter): a content refusal, not a fault. */
    REFUSED
}
