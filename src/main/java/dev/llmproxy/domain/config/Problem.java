package dev.llmproxy.domain.config;

import java.util.Objects;
import java.util.Optional;

/**
 * One thing wrong with a configuration, a key or a console user: where (a path as in the config document, e.g.
 * {@code models[2].provider}, {@code settings.scopeLimits.chat.perDay}, {@code body}) and what. The admin API returns
 * both; a console form puts the message beside the field the path names.
 */
public record Problem(String path, String message) {

    public Problem {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
    }

    /** The field this problem concerns below {@code prefix} (e.g. {@code provider} below {@code models[2].}). */
    public Optional<String> fieldBelow(String prefix) {
        if (!path.startsWith(prefix) || path.length() == prefix.length()) {
            return Optional.empty();
        }
        return Optional.of(path.substring(prefix.length()));
    }

    /** As the config document's problems read: {@code path: message}. */
    @Override
    public String toString() {
        return path.isEmpty() ? message : path + ": " + message;
    }
}
