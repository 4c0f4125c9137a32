package dev.llmproxy.domain.audit;

import java.time.Instant;

/**
 * One admin change, for the audit trail: who, when, what, and the state before and after (in words; a
 * configuration change names its versions, whose diff the console shows).
 */
public record AuditEvent(Instant at, String actor, String action, String target, String before, String after) {
}
