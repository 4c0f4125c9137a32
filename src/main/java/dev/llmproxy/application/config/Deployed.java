package dev.llmproxy.application.config;

import java.util.Optional;
import java.util.function.Function;

/** The deploy-time settings a first start reads (environment, MicroProfile Config), blank ones as absent. */
public record Deployed(Function<String, Optional<String>> lookup) {

    public Optional<String> value(DeploymentVariable variable) {
        return lookup.apply(variable.name()).map(String::strip).filter(s -> !s.isEmpty());
    }

    public boolean has(DeploymentVariable variable) {
        return value(variable).isPresent();
    }
}
