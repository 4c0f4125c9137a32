package dev.llmproxy.interfaces.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import java.security.Principal;
import java.util.Set;

/**
 * A request under {@code /admin} as the console and the admin API see it: who signed in, with the principal, roles
 * and auth type that {@code isUserInRole} and JAX-RS's {@code SecurityContext} report, or nobody.
 */
final class SignedInRequest extends HttpServletRequestWrapper {

    private final String user;
    private final Set<String> roles;
    private final String authType;

    /** @param user null when nobody is signed in */
    SignedInRequest(HttpServletRequest req, String user, Set<String> roles, String authType) {
        super(req);
        this.user = user;
        this.roles = Set.copyOf(roles);
        this.authType = authType;
    }

    @Override
    public Principal getUserPrincipal() {
        return user == null ? null : () -> user;
    }

    @Override
    public String getRemoteUser() {
        return user;
    }

    @Override
    public boolean isUserInRole(String role) {
        return roles.contains(role);
    }

    @Override
    public String getAuthType() {
        return user == null ? null : authType;
    }
}
