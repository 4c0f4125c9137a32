package dev.llmproxy.infrastructure.sharing;

/**
 * One decision on a counter (a rate limit, a budget, a sign-in failure count): made on the store every instance
 * shares, or, when that store fails, is slow or is down, on this instance's share of it in memory.
 */
public interface SharedDecision<T> {

    /** Decides on the shared store; an exception means the store could not answer. */
    T shared();

    /** Decides in memory, on this instance's share, because the shared store could not answer. */
    T onShare();

    /**
     * The shared store decided after this instance had already decided on its share: what the store counted for it
     * is taken back where that matters (a budget's reservation), so the request is not counted twice.
     */
    default void undo(T late) {
        // counted once more in the store: an overcount that ends with its window
    }
}
