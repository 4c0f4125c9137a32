package dev.llmproxy.interfaces.security;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Set;

/**
 * The console session of one request: the signed-in user, their roles and the CSRF token. {@link AdminGate} attaches
 * it to every request under {@code /admin}; pages reach it through these static helpers.
 */
public final class ConsoleSession {

    public static final String CSRF_FIELD = "_csrf";
    static final String COOKIE = "llmproxy_console";
    private static final String ATTRIBUTE = ConsoleSession.class.getName();

    private final ConsoleSessions store;
    private final HttpServletRequest req;
    private final HttpServletResponse res;
    private ConsoleSessions.Session current;

    private ConsoleSession(ConsoleSessions store, HttpServletRequest req, HttpServletResponse res) {
        this.store = store;
        this.req = req;
        this.res = res;
        this.current = store.find(cookie(req, COOKIE)).orElse(null);
    }

    /** Reads the request's session cookie and attaches the session (if any) to the request. */
    static ConsoleSession attach(ConsoleSessions store, HttpServletRequest req, HttpServletResponse res) {
        ConsoleSession s = new ConsoleSession(store, req, res);
        req.setAttribute(ATTRIBUTE, s);
        return s;
    }

    /** The signed-in user, or null. */
    String user() {
        return current == null ? null : current.user;
    }

    Set<String> roles() {
        return current == null ? Set.of() : current.roles;
    }

    /** The session's CSRF token, opening an anonymous session if need be (the login form needs one). */
    public static String csrfToken(HttpServletRequest req) {
        ConsoleSession s = of(req);
        if (s.current == null) {
            s.replace(null, Set.of(), null);
        }
        return s.current.csrf;
    }

    /** Whether a state-changing request carries this session's token (compared in constant time). */
    public static boolean csrfValid(HttpServletRequest req) {
        ConsoleSession s = of(req);
        String given = req.getParameter(CSRF_FIELD);
        return s.current != null && given != null && MessageDigest.isEqual(
                s.current.csrf.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
    }

    /** Signs a user in: a new session and token (no fixation), a new CSRF token. */
    public static void signIn(HttpServletRequest req, String user, Set<String> roles) {
        of(req).replace(user, roles, null);
    }

    /** Signs in someone the sign-in provider vouched for, keeping its ID token for the provider's logout. */
    public static void signIn(HttpServletRequest req, String user, Set<String> roles, String idToken) {
        of(req).replace(user, roles, idToken);
    }

    /** The ID token of a single sign-on session, else null. */
    public static String idToken(HttpServletRequest req) {
        ConsoleSession s = of(req);
        return s.current == null ? null : s.current.idToken;
    }

    public static void signOut(HttpServletRequest req) {
        ConsoleSession s = of(req);
        if (s.current != null) {
            s.store.close(s.current);
            s.current = null;
        }
        s.res.addHeader("Set-Cookie", s.cookie("") + "; Max-Age=0");
    }

    private void replace(String user, Set<String> roles, String idToken) {
        if (current != null) {
            store.close(current);
        }
        current = store.open(user, roles, idToken);
        res.addHeader("Set-Cookie", cookie(current.token));
    }

    private String cookie(String value) {
        return COOKIE + "=" + value + "; Path=" + req.getContextPath() + "/admin; HttpOnly; SameSite=Strict"
                + (req.isSecure() ? "; Secure" : "");
    }

    private static ConsoleSession of(HttpServletRequest req) {
        Object s = req.getAttribute(ATTRIBUTE);
        if (!(s instanceof ConsoleSession session)) {
            throw new IllegalStateException("no console session: the request did not pass AdminGate");
        }
        return session;
    }

    /** The value of the request's cookie of that name, or null. */
    static String cookie(HttpServletRequest req, String name) {
        Cookie[] cookies = req.getCookies();
        if (cookies != null) {
            for (Cookie c : cookies) {
                if (name.equals(c.getName())) {
                    return c.getValue();
                }
            }
        }
        return null;
    }
}
