package dev.llmproxy.interfaces.security;

import dev.llmproxy.application.access.AccessControl;
import dev.llmproxy.application.access.AccessRequest;
import dev.llmproxy.application.security.SignIn;
import dev.llmproxy.application.security.SingleSignOn;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.security.ConsoleUser;
import dev.llmproxy.interfaces.json.JsonResponses;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;

/**
 * Who may use {@code /admin/**}, decided by the application itself: HTTP Basic or a bearer token from the sign-in
 * provider for the JSON API ({@code /admin/api}, role {@code admin}), the session of a form sign-in or a single
 * sign-on for the console (either role; its login pages are open; see {@link ConsoleSessions}). Failed
 * Basic sign-ins count against the sign-in throttle like failed form sign-ins do.
 *
 * <p>No container security is involved. With a Jakarta Security mechanism, Open Liberty itself decoded every
 * {@code Authorization: Basic} header for its audit record, on every route, and answered a malformed one (not Base64,
 * no colon) with a 500 before any of the application's code ran; here a malformed header is a 401 like any other
 * bad credential. The paths are the container's decoded, normalised ones ({@code /admin;x/api} is the API).
 */
public class AdminGate extends HttpFilter {

    public static final String CHALLENGE = "Basic realm=\"llm-proxy\", charset=\"UTF-8\"";
    private static final String API = "/admin/api";
    private static final Set<String> OPEN_CONSOLE_PAGES = Set.of("/login", "/oidc/start", "/oidc/callback");

    @Inject
    SignIn signIn;
    @Inject
    AccessControl access;
    @Inject
    ConsoleSessions sessions;
    @Inject
    SingleSignOn sso;

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        if (req.getServletPath().equals(API)) {
            api(req, res, chain);
        } else {
            console(req, res, chain);
        }
    }

    private void api(HttpServletRequest req, HttpServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        String header = req.getHeader("Authorization");
        if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            bearer(header.substring(7).strip(), req, res, chain);
            return;
        }
        if (header == null || !header.regionMatches(true, 0, "Basic", 0, 5)) {
            challenge(res, "Authentication is required: HTTP Basic with an admin's user name and password"
                    + (sso.enabled() ? ", or a bearer token from the sign-in provider." : "."));
            return;
        }
        String[] credentials = header.length() > 5 && header.charAt(5) == ' ' ? decode(header.substring(6).trim()) : null;
        if (credentials == null) {
            challenge(res, "The Authorization header is not valid Basic credentials (Base64 of user:password).");
            return;
        }
        SignIn.Result result = signIn.attempt(credentials[0], credentials[1].toCharArray(), clientHash(access, req));
        if (result instanceof SignIn.Result.LocalUsersOff) {
            challenge(res, "Local users are switched off here: use a bearer token from the sign-in provider.");
        } else if (result instanceof SignIn.Result.LockedOut locked) {
            JsonResponses.error(res, new ProxyError(ErrorKind.RATE_LIMITED, "Too many failed sign-ins for this user "
                    + "or from this address; try again after the Retry-After delay.", null, locked.retryAfter()));
        } else if (!(result instanceof SignIn.Result.SignedIn signedIn)) {
            challenge(res, "Wrong user name or password.");
        } else if (!signedIn.user().roles().contains(ConsoleUser.ADMIN)) {
            JsonResponses.error(res, ProxyError.of(ErrorKind.NOT_PERMITTED, "The admin API needs the admin role."));
        } else {
            ConsoleUser user = signedIn.user();
            chain.doFilter(new SignedInRequest(req, user.username(), user.roles(), "BASIC"), res);
        }
    }

    /** An access token from the sign-in provider: checked against its published keys, roles from its groups. */
    private void bearer(String token, HttpServletRequest req, HttpServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        SingleSignOn.Result result = sso.bearer(token);
        if (result instanceof SingleSignOn.Result.Refused refused) {
            if (refused.providerFault()) {
                JsonResponses.error(res, ProxyError.of(ErrorKind.UNAVAILABLE, refused.message()));
            } else {
                res.setHeader("WWW-Authenticate", "Bearer realm=\"llm-proxy\", error=\"invalid_token\"");
                JsonResponses.error(res, ProxyError.of(ErrorKind.UNAUTHORIZED, refused.message()));
            }
        } else if (result instanceof SingleSignOn.Result.SignedIn in) {
            if (!in.roles().contains(ConsoleUser.ADMIN)) {
                String given = in.roles().isEmpty() ? "no role" : String.join(", ", in.roles());
                JsonResponses.error(res, ProxyError.of(ErrorKind.NOT_PERMITTED,
                        "The admin API needs the admin role; your groups give " + given + "."));
            } else {
                chain.doFilter(new SignedInRequest(req, in.identity().principal(), in.roles(), "BEARER"), res);
            }
        }
    }

    private void console(HttpServletRequest req, HttpServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        ConsoleSession session = ConsoleSession.attach(sessions, req, res);
        String user = session.user();
        if (user != null) {
            chain.doFilter(new SignedInRequest(req, user, session.roles(), "FORM"), res);
        } else if (isOpenPage(req)) {
            chain.doFilter(new SignedInRequest(req, null, Set.of(), null), res);
        } else {
            res.sendRedirect(req.getContextPath() + "/admin/login");
        }
    }

    /** {@code /admin} itself has no path info (null, which {@code Set.contains} refuses). */
    private static boolean isOpenPage(HttpServletRequest req) {
        String page = req.getPathInfo();
        return page != null && OPEN_CONSOLE_PAGES.contains(page);
    }

    /** The client's hashed address, as the proxy's limits know it (forwarding headers only from trusted proxies). */
    public static String clientHash(AccessControl access, HttpServletRequest req) {
        String hash = access.anonymous(new AccessRequest(req.getRemoteAddr(), req.getHeader("Forwarded"),
                req.getHeader("X-Forwarded-For"), null, null)).clientHash();
        return hash == null ? "unknown" : hash;
    }

    /** {@code user:password} from Base64, or null when it is not that. */
    public static String[] decode(String token) {
        try {
            String plain = new String(Base64.getDecoder().decode(token), StandardCharsets.UTF_8);
            int colon = plain.indexOf(':');
            return colon < 0 ? null : new String[] {plain.substring(0, colon), plain.substring(colon + 1)};
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static void challenge(HttpServletResponse res, String message) throws IOException {
        res.setHeader("WWW-Authenticate", CHALLENGE);
        JsonResponses.error(res, ProxyError.of(ErrorKind.UNAUTHORIZED, message));
    }
}
