package dev.llmproxy.infrastructure.upstream.http;

/** One request in flight. */
public interface Exchange {

    /** Closes the exchange's connection (so the upstream sees the caller gone); no callback follows. Idempotent. */
    void abort();
}
