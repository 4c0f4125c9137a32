package dev.llmproxy.domain.conversation;

/**
 * An image.
 *
 * @param url    a {@code data:} URL holding it, or where to fetch it
 * @param detail the resolution asked ({@code low}, {@code high}, {@code auto}), or null
 */
public record Image(String url, String detail, CacheMark cache) implements Part {
}
