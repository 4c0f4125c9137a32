package dev.llmproxy.domain.streaming;


/**
 * What a streamed answer looked like, for the request log.
 *
 * @param firstTokenMs   time from the request to the first relayed content, or null if none was relayed
 * @param eventsRelayed  content events relayed to the client (about one token each)
 * @param malformed      upstream events skipped because they were not valid JSON
 * @param continuations  how many times a broken stream was continued on another model
 */
public record StreamStats(Long firstTokenMs, int eventsRelayed, int malformed, int continuations) {
    public static final StreamStats NONE = new StreamStats(null, 0, 0, 0);
}
