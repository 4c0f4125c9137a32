package dev.llmproxy.domain.breaker;

import java.time.Instant;

/** One change of a model's breaker state, as persisted and shown to admins. */
public record BreakerTransition(String model, BreakerState from, BreakerState to, String reason, String instanceId,
                                Instant at) {
}
