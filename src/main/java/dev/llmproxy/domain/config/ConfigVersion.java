package dev.llmproxy.domain.config;

import java.time.Instant;

/** One stored version of the configuration: who made it, when, and what changed in their words. */
public record ConfigVersion(long version, Instant createdAt, String author, String summary) {
}
