package dev.llmproxy.domain.config;

import java.time.Duration;

/**
 * The settings "Streaming".
 *
 * @param firstToken   longest wait, from the start of an attempt, for its first content
 * @param idle         longest silence between events once content flows
 * @param commitWindow how long an answer's first events are held, so that a break inside it restarts unseen (zero: off)
 * @param commitBytes  the commit window also passes once this much is held (0: no size bound)
 */
public record StreamingRules(Duration firstToken, Duration idle, Duration commitWindow, long commitBytes) {
}
