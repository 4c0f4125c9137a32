package dev.llmproxy.domain.conversation;

/**
 * A document.
 *
 * @param data     a {@code data:} URL holding it (or where to fetch it), or null when it is named by id only
 * @param fileId   the id of a file uploaded to the provider before, or null
 * @param filename its name as the caller gave it, or null
 */
public record File(String data, String fileId, String filename, CacheMark cache) implements Part {
}
