package dev.llmproxy.domain.upstream;

import java.time.Duration;

/**
 * What a provider's rate-limit headers said with an answer: how many requests and tokens its limits have left, and
 * how long until each is replenished. Any part may be unknown (null): providers send some, all or none of them.
 */
public record QuotaReading(Long requestsLeft, Duration requestsReset, Long tokensLeft, Duration tokensReset) {

    /** Receives a call's reading, from the thread that read the answer's head; must not block. */
    @FunctionalInterface
    public interface Watch {
        Watch NONE = reading -> { };

        void read(QuotaReading reading);
    }

    public boolean empty() {
        return requestsLeft == null && tokensLeft == null;
    }
}
