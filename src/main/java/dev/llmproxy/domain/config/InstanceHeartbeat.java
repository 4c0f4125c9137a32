package dev.llmproxy.domain.config;

import java.time.Instant;

/** What an instance last said about itself: the configuration version it runs, and when. */
public record InstanceHeartbeat(String instanceId, long configVersion, Instant startedAt, Instant lastSeen) {
}
