package dev.llmproxy.infrastructure.config;

import dev.llmproxy.application.config.DeploymentVariable;
import dev.llmproxy.application.security.IdentityProvider;
import dev.llmproxy.application.security.SingleSignOnSettings;
import dev.llmproxy.domain.security.GroupRoles;
import dev.llmproxy.infrastructure.security.NimbusIdentityProvider;
import dev.llmproxy.infrastructure.variables.Variables;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.net.URI;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.llmproxy.application.config.DeploymentVariable.*;

/**
 * How people sign in, read once from the deployment: a wrong combination (an issuer without a client, local users
 * off without a provider) stops the deployment with the reason rather than lock everyone out.
 */
@ApplicationScoped
public class SignInProducer {

    private final Config config;
    private final OutboundTrustSource outbound;

    private SingleSignOnSettings settings;
    private IdentityProvider provider;

    @Inject
    SignInProducer(Config config, OutboundTrustSource outbound) {
        this.config = config;
        this.outbound = outbound;
    }

    /** For the container's client proxy. */
    protected SignInProducer() {
        this(null, null);
    }

    @PostConstruct
    void read() {
        String local = Variables.text(config, PROXY_LOCAL_USERS).orElse("on");
        if (!local.equals("on") && !local.equals("off")) {
            throw new IllegalArgumentException("PROXY_LOCAL_USERS must be on or off (was \"" + local + "\")");
        }
        var issuer = Variables.text(config, PROXY_OIDC_ISSUER).map(SignInProducer::withoutTrailingSlash)
                .map(URI::create);
        String clientId = Variables.text(config, PROXY_OIDC_CLIENT_ID).orElse(null);
        settings = new SingleSignOnSettings(issuer, clientId, Variables.text(config, PROXY_OIDC_CLIENT_SECRET),
                Variables.text(config, PROXY_OIDC_GROUPS_CLAIM).orElse("groups"),
                new GroupRoles(groups(PROXY_OIDC_ADMIN_GROUPS), groups(PROXY_OIDC_AUDITOR_GROUPS)),
                Variables.text(config, PROXY_OIDC_API_AUDIENCE).orElse(clientId == null ? null : "api://" + clientId),
                Variables.text(config, PROXY_OIDC_REDIRECT_URI).map(URI::create), local.equals("on"));
        provider = new NimbusIdentityProvider(settings, outbound.trust().socketFactory());
    }

    @Produces
    SingleSignOnSettings settings() {
        return settings;
    }

    @Produces
    IdentityProvider provider() {
        return provider;
    }

    private Set<String> groups(DeploymentVariable variable) {
        return Variables.text(config, variable).map(list -> Arrays.stream(list.split(",")).map(String::strip)
                .filter(s -> !s.isEmpty()).collect(Collectors.toSet())).orElse(Set.of());
    }

    /** Issuers are compared exactly; an operator's trailing slash is the commonest mismatch. */
    private static String withoutTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
