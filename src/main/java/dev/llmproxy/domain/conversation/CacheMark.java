package dev.llmproxy.domain.conversation;

/**
 * A prompt-cache breakpoint on a part or a tool: the provider may cache the prompt up to it. A hint about cost, never
 * about the answer: providers that do not cache by breakpoint never see it.
 *
 * @param type the kind of cache, as the caller named it ({@code ephemeral})
 * @param ttl  how long it is to live ({@code 5m}, {@code 1h}), or null for the provider's default
 */
public record CacheMark(String type, String ttl) {
}
