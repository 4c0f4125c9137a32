package dev.llmproxy.infrastructure.config;

import static dev.llmproxy.application.config.DeploymentVariable.*;
import dev.llmproxy.application.access.AccessMode;
import dev.llmproxy.infrastructure.variables.Variables;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

/** Reads {@code PROXY_MODE} and {@code PROXY_IP_SALT} once; the salt itself is never logged. */
@ApplicationScoped
public class AccessProducer {

    private final Config config;

    private AccessMode mode;

    @Inject
    AccessProducer(Config config) {
        this.config = config;
    }

    /** For the container's client proxy. */
    protected AccessProducer() {
        this(null);
    }

    @PostConstruct
    void read() {
        mode = AccessMode.of(Variables.text(config, PROXY_MODE).orElse(null),
                Variables.text(config, PROXY_IP_SALT).orElse(null));
    }

    @Produces
    AccessMode mode() {
        return mode;
    }
}
