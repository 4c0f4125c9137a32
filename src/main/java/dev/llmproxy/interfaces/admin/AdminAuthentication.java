package dev.llmproxy.interfaces.admin;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStoreHandler;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import dev.llmproxy.interfaces.console.ConsoleSession;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Who is signed in on {@code /admin/**}: HTTP Basic for the JSON API ({@code /admin/api}), the session of a form
 * login for the console (signed in by its login page; a protected page without one redirects there). The built-in
 * Basic mechanism also inspected every proxy request, and a caller's {@code Authorization: Bearer} key (ours, not the
 * container's) made it log a failed login each time, so proxy paths are left alone: their keys are the application's.
 */
@ApplicationScoped
public class AdminAuthentication implements HttpAuthenticationMechanism {

    private static final String CHALLENGE = "Basic realm=\"llm-proxy\", charset=\"UTF-8\"";

    @Inject
    IdentityStoreHandler identityStores;

    @Override
    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response,
                                                HttpMessageContext context) {
        String path = request.getServletPath();
        if (!path.startsWith("/admin") && !context.isProtected()) {
            return context.doNothing();
        }
        if (!path.startsWith("/admin/api")) {
            HttpSession session = request.getSession(false);
            String user = ConsoleSession.user(session);
            if (user != null) {
                return context.notifyContainerAboutLogin(user, ConsoleSession.roles(session));
            }
            return context.isProtected() ? context.redirect(request.getContextPath() + "/admin/login")
                    : context.doNothing();
        }
        String header = request.getHeader("Authorization");
        if (header != null && header.regionMatches(true, 0, "Basic ", 0, 6)) {
            String[] userPassword = decode(header.substring(6).trim());
            if (userPassword != null) {
                CredentialValidationResult result = identityStores.validate(
                        new UsernamePasswordCredential(userPassword[0], userPassword[1]));
                if (result.getStatus() == CredentialValidationResult.Status.VALID) {
                    return context.notifyContainerAboutLogin(result);
                }
            }
            return challenge(response, context);
        }
        return context.isProtected() ? challenge(response, context) : context.doNothing();
    }

    private static AuthenticationStatus challenge(HttpServletResponse response, HttpMessageContext context) {
        response.setHeader("WWW-Authenticate", CHALLENGE);
        return context.responseUnauthorized();
    }

    /** {@code user:password} from Base64, or null when it is not that. */
    static String[] decode(String token) {
        try {
            String plain = new String(Base64.getDecoder().decode(token), StandardCharsets.UTF_8);
            int colon = plain.indexOf(':');
            return colon < 0 ? null : new String[] {plain.substring(0, colon), plain.substring(colon + 1)};
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
