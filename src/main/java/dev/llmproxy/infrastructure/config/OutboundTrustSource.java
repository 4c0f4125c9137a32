package dev.llmproxy.infrastructure.config;

import dev.llmproxy.infrastructure.upstream.http.OutboundTrust;
import dev.llmproxy.infrastructure.variables.Variables;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.nio.file.Path;

import static dev.llmproxy.application.config.DeploymentVariable.PROXY_TRUST_STORE;
import static dev.llmproxy.application.config.DeploymentVariable.PROXY_TRUST_STORE_PASSWORD;

/**
 * The deployment's one {@link OutboundTrust}, read once: a trust store that cannot be read stops the deployment with
 * its reason rather than fail every https call later.
 */
@ApplicationScoped
public class OutboundTrustSource {

    private final Config config;

    private OutboundTrust trust;

    @Inject
    OutboundTrustSource(Config config) {
        this.config = config;
    }

    /** For the container's client proxy. */
    protected OutboundTrustSource() {
        this(null);
    }

    @PostConstruct
    void read() {
        trust = OutboundTrust.of(Variables.text(config, PROXY_TRUST_STORE).map(Path::of).orElse(null),
                Variables.text(config, PROXY_TRUST_STORE_PASSWORD).orElse(null));
    }

    public OutboundTrust trust() {
        return trust;
    }
}
