package dev.llmproxy.domain.streaming;

import java.time.Duration;

/**
 * Time limits of a streaming attempt.
 *
 * @param firstToken how long the first content may take from the start of the attempt
 * @param idle       the longest silence allowed between events once content flows
 */
public record StreamLimits(Duration firstToken, Duration idle) {
}
