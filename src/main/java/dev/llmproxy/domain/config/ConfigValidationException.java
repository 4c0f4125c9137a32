package dev.llmproxy.domain.config;

import java.util.List;

/** A configuration was rejected with every {@link Problem} found; nothing of it was applied. */
public class ConfigValidationException extends RuntimeException {

    private final List<Problem> found;

    public ConfigValidationException(List<Problem> found) {
        super(String.join("; ", found.stream().map(Problem::toString).toList()));
        this.found = List.copyOf(found);
    }

    public static ConfigValidationException of(String path, String message) {
        return new ConfigValidationException(List.of(new Problem(path, message)));
    }

    /** Each problem, with its path. */
    public List<Problem> found() {
        return found;
    }

    /** Each problem as a line of text ({@code path: message}). */
    public List<String> problems() {
        return found.stream().map(Problem::toString).toList();
    }
}
