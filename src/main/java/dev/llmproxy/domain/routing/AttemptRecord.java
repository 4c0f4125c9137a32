package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;

import java.time.Duration;

/**
 * One attempt of a request, for the response headers and the request log.
 *
 * @param status the upstream HTTP status, or null when there was none
 * @param reason a short description in the proxy's words (never a provider's body)
 */
public record AttemptRecord(String model, Outcome outcome, Integer status, Duration latency, String reason) {
}
