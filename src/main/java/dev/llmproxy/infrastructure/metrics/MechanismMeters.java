package dev.llmproxy.infrastructure.metrics;

import io.micrometer.core.instrument.MeterRegistry;

import java.time.Instant;

/**
 * One mechanism's meters, in a class of their own beside what they measure: registered once, and refreshed at each
 * scrape where they show live state row by row (one row per model, tier or budget in force, so that removed ones go).
 * The scrape finds every such bean; a new mechanism adds its own and touches nothing else.
 */
public interface MechanismMeters {

    void bindTo(MeterRegistry registry);

    /** Before each scrape; most meters read their state as they are scraped and need nothing here. */
    default void refresh(Instant now) {
    }
}
