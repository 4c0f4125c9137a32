package dev.llmproxy.domain.conversation;

/**
 * A recording.
 *
 * @param base64 its bytes
 * @param format its encoding ({@code wav}, {@code mp3})
 */
public record Audio(String base64, String format) implements Part {
}
