package dev.llmproxy.domain.latency;

/** What a latency measures, from the start of an attempt. */
public enum LatencyKind {
    /** The wait for a stream's first content. */
    FIRST_TOKEN,
    /** The wait for the whole answer. */
    TOTAL
}
