package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * One attempt of a request, for the response headers and the request log.
 *
 * @param status the upstream HTTP status, or null when there was none
 * @param reason a short description in the proxy's words (never a provider's body)
 * @param tokens  the tokens the provider bills for it (prompt and what it produced), or null when it billed none
 * @param costUsd what those tokens cost at the model's prices, or null (none billed, or no price)
 */
public record AttemptRecord(String model, Outcome outcome, Integer status, Duration latency, String reason,
                            Integer tokens, BigDecimal costUsd) {

    /** An attempt the provider billed nothing for (it failed before producing anything, or made no call). */
    public AttemptRecord(String model, Outcome outcome, Integer status, Duration latency, String reason) {
        this(model, outcome, status, latency, reason, null, null);
    }

    /** Whether the provider billed this attempt. */
    public boolean billed() {
        return tokens != null;
    }
}
