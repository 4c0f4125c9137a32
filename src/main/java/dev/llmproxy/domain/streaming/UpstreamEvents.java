package dev.llmproxy.domain.streaming;


/**
 * Receives a streaming attempt's events once its first content has arrived. Calls are sequential (one attempt at a
 * time, in order) and must not block.
 */
@FunctionalInterface
public interface UpstreamEvents {

    /** @param valve pauses and resumes this attempt's upstream */
    void onEvent(StreamEvent event, Backpressure valve);
}
