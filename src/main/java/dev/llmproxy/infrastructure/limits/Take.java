package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Bucket;

import java.time.Instant;
import java.util.List;

/** One request's take: its buckets, at the moment it asked. */
record Take(List<Bucket> buckets, Instant now) {
}
