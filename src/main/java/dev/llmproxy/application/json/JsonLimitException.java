package dev.llmproxy.application.json;

import jakarta.json.JsonException;

/**
 * A JSON text that is well formed as far as it was read but passes one of the {@link JsonLimits}. It names where:
 * {@link #path()} is the field ({@code messages[0].content}), empty for the top-level value.
 */
public final class JsonLimitException extends JsonException {

    private final String path;
    private final String rule;

    JsonLimitException(String path, String rule) {
        super((path.isEmpty() ? "the document" : "'" + path + "'") + " " + rule);
        this.path = path;
        this.rule = rule;
    }

    public String path() {
        return path;
    }

    /** The same limit, one level further out: {@code key} (an object member) or {@code [i]} holds the value. */
    JsonLimitException within(String key) {
        String at = path.isEmpty() || path.startsWith("[") ? key + path : key + "." + path;
        return new JsonLimitException(at, rule);
    }
}
