package dev.llmproxy.domain.routing;

/**
 * One piece of a streamed answer, as relayed to the client.
 *
 * @param deltaJson    the upstream's {@code delta} object, re-serialised (JSON text)
 * @param text         the content text it adds to the answer ("" if none)
 * @param finishReason the finish reason it carries, or null
 */
public record StreamEvent(String deltaJson, String text, String finishReason) {
}
