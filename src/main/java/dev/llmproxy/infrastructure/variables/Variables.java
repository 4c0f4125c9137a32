package dev.llmproxy.infrastructure.variables;

import dev.llmproxy.application.config.DeploymentVariable;
import org.eclipse.microprofile.config.Config;

import java.util.Optional;

/** Reads a {@link DeploymentVariable} through MicroProfile Config: blank counts as unset, the value is stripped. */
public final class Variables {

    private Variables() {
    }

    public static Optional<String> text(Config config, DeploymentVariable variable) {
        return config.getOptionalValue(variable.name(), String.class).map(String::strip).filter(s -> !s.isEmpty());
    }

    public static Optional<Long> number(Config config, DeploymentVariable variable) {
        return config.getOptionalValue(variable.name(), Long.class);
    }
}
