package dev.llmproxy.domain.config;

import java.time.Duration;

/**
 * How many requests may do upstream work at once, how many more may wait, and for how long: the settings that
 * admission control reads on every admission, so that a change applies at once.
 */
public record AdmissionLimits(int maxConcurrent, int queueDepth, Duration queueWait) {
}
