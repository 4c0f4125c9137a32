package dev.llmproxy.application.security;

import dev.llmproxy.domain.security.GroupRoles;

import java.net.URI;
import java.util.Optional;

/**
 * How people sign in, fixed at deployment: through an OpenID Connect provider (when an issuer is set), with the
 * console's local users (unless switched off), or both.
 *
 * @param issuer       the provider's issuer URL; empty: single sign-on is off
 * @param clientSecret empty for a public client, which proves itself by PKCE alone
 * @param apiAudience  the audience an admin API bearer token must name
 * @param redirectUri  where the provider sends the browser back; empty: derived from the request
 */
public record SingleSignOnSettings(Optional<URI> issuer, String clientId, Optional<String> clientSecret,
                                   String groupsClaim, GroupRoles roles, String apiAudience,
                                   Optional<URI> redirectUri, boolean localUsers) {

    /** Only local users: no provider. */
    public static SingleSignOnSettings localOnly() {
        return new SingleSignOnSettings(Optional.empty(), null, Optional.empty(), "groups",
                new GroupRoles(java.util.Set.of(), java.util.Set.of()), null, Optional.empty(), true);
    }

    public SingleSignOnSettings {
        if (issuer.isPresent()) {
            URI i = issuer.get();
            if (clientId == null || clientId.isBlank()) {
                throw new IllegalArgumentException("PROXY_OIDC_CLIENT_ID must be set with PROXY_OIDC_ISSUER");
            }
            if (!"https".equals(i.getScheme()) && !loopback(i)) {
                throw new IllegalArgumentException("PROXY_OIDC_ISSUER must be an https URL (plain http only on this "
                        + "machine, for tests): " + i);
            }
            if (clientId.equals(apiAudience)) {
                throw new IllegalArgumentException("PROXY_OIDC_API_AUDIENCE must not be the client id: the console's "
                        + "ID tokens name that audience, and an ID token must never open the admin API");
            }
            if (roles.adminGroups().isEmpty() && roles.auditorGroups().isEmpty()) {
                throw new IllegalArgumentException("PROXY_OIDC_ADMIN_GROUPS or PROXY_OIDC_AUDITOR_GROUPS must name a "
                        + "group: without them nobody who signs in through the provider gets a role");
            }
        } else if (!localUsers) {
            throw new IllegalArgumentException(
                    "PROXY_LOCAL_USERS=off needs PROXY_OIDC_ISSUER: else nobody could sign in");
        }
    }

    public boolean singleSignOn() {
        return issuer.isPresent();
    }

    private static boolean loopback(URI uri) {
        String host = uri.getHost();
        return "http".equals(uri.getScheme()) && host != null
                && (host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]"));
    }
}
