package dev.llmproxy.interfaces.console;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;

/** What the console keeps in the HTTP session: the signed-in user, their roles and the CSRF token. */
public final class ConsoleSession {

    static final String USER = ConsoleSession.class.getName() + ".user";
    static final String ROLES = ConsoleSession.class.getName() + ".roles";
    static final String CSRF = ConsoleSession.class.getName() + ".csrf";
    public static final String CSRF_FIELD = "_csrf";

    private static final SecureRandom RANDOM = new SecureRandom();

    private ConsoleSession() {
    }

    /** The session's CSRF token, created with the session if need be. */
    public static String csrfToken(HttpServletRequest req) {
        HttpSession session = req.getSession(true);
        String token = (String) session.getAttribute(CSRF);
        if (token == null) {
            byte[] bytes = new byte[24];
            RANDOM.nextBytes(bytes);
            token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            session.setAttribute(CSRF, token);
        }
        return token;
    }

    /** Whether a state-changing request carries this session's token (compared in constant time). */
    public static boolean csrfValid(HttpServletRequest req) {
        HttpSession session = req.getSession(false);
        String expected = session == null ? null : (String) session.getAttribute(CSRF);
        String given = req.getParameter(CSRF_FIELD);
        return expected != null && given != null && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8));
    }

    /** Signs a user in: a new session id (no fixation), a new CSRF token. */
    public static void signIn(HttpServletRequest req, String user, Set<String> roles) {
        req.getSession(true);
        req.changeSessionId();
        HttpSession session = req.getSession();
        session.setAttribute(USER, user);
        session.setAttribute(ROLES, Set.copyOf(roles));
        session.removeAttribute(CSRF);
    }

    public static void signOut(HttpServletRequest req) {
        HttpSession session = req.getSession(false);
        if (session != null) {
            session.invalidate();
        }
    }

    /** The signed-in user, or null. */
    public static String user(HttpSession session) {
        return session == null ? null : (String) session.getAttribute(USER);
    }

    @SuppressWarnings("unchecked")
    public static Set<String> roles(HttpSession session) {
        Object roles = session == null ? null : session.getAttribute(ROLES);
        return roles == null ? Set.of() : (Set<String>) roles;
    }
}
