package dev.llmproxy.infrastructure.config;

import dev.llmproxy.application.config.DeploymentVariable;
import dev.llmproxy.application.access.AccessMode;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

/** Reads {@code PROXY_MODE} and {@code PROXY_IP_SALT} once; the salt itself is never logged. */
@ApplicationScoped
public class AccessProducer {

    @Inject
    Config config;

    private AccessMode mode;

    @PostConstruct
    void read() {
        mode = AccessMode.of(config.getOptionalValue(DeploymentVariable.PROXY_MODE.name(), String.class).orElse(null),
                config.getOptionalValue(DeploymentVariable.PROXY_IP_SALT.name(), String.class).orElse(null));
    }

    @Produces
    AccessMode mode() {
        return mode;
    }
}
