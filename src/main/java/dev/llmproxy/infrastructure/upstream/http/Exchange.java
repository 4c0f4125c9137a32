package dev.llmproxy.infrastructure.upstream.http;

/** One request in flight. */
public interface Exchange {

    /** Closes the exchange's connection (so the upstream sees the caller gone); no callback follows. Idempotent. */
    void abort();

    /** Stops reading the response (TCP flow control then slows the sender) until {@link #resume()}. Idempotent. */
    void pause();

    void resume();
}
