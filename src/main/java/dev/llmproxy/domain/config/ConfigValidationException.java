package dev.llmproxy.domain.config;

import java.util.List;

/** A configuration was rejected; each problem names the field it concerns (e.g. {@code models[2].provider: ...}). */
public class ConfigValidationException extends RuntimeException {

    private final List<String> problems;

    public ConfigValidationException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
