package dev.llmproxy.domain.replay;

/** What a request with an idempotency key finds when it claims the key. */
public sealed interface KeyClaim {

    /** The key is this request's now: it runs, and its answer is kept or the key released. */
    record Ours() implements KeyClaim {
    }

    /** An earlier request with the key was answered: that answer is the answer. */
    record Kept(KeptAnswer answer) implements KeyClaim {
    }

    /** An earlier request with the key is still running. */
    record Running(String requestId) implements KeyClaim {
    }

    /** The key was used for another request (another body, API or scope). */
    record OtherRequest(String requestId) implements KeyClaim {
    }
}
