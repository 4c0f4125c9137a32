package dev.llmproxy.domain.latency;

/** One measured latency of a model, as instances tell each other. */
public record LatencySample(String model, LatencyKind kind, long millis) {
}
