package dev.llmproxy.interfaces.security;

import dev.llmproxy.application.security.RandomTokens;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The console's sessions, kept by the application rather than the container, so that its cookie is the same on every
 * server and set per request: {@code Secure} when the request came over HTTPS, {@code HttpOnly} and
 * {@code SameSite=Strict} always (two of the servers ignore web.xml's SameSite, and none can mark a cookie Secure
 * for HTTPS requests only). Held in memory, like the container's sessions; an idle session ends after 30 minutes.
 */
@ApplicationScoped
public class ConsoleSessions {

    static final Duration IDLE = Duration.ofMinutes(30);
    /** Anyone may open the login page (and so a session); past this many, anonymous ones are dropped first. */
    static final int MAX_SESSIONS = 10_000;

    /**
     * One session: who signed in (null before), their roles, its CSRF token, and for a single sign-on the ID token
     * (the provider's logout wants it back as a hint); mutable only through its store.
     */
    static final class Session {
        final String token;
        final String csrf;
        final String user;
        final Set<String> roles;
        final String idToken;
        volatile Instant lastSeen;

        Session(String token, String csrf, String user, Set<String> roles, String idToken, Instant lastSeen) {
            this.token = token;
            this.csrf = csrf;
            this.user = user;
            this.roles = Set.copyOf(roles);
            this.idToken = idToken;
            this.lastSeen = lastSeen;
        }
    }

    private final Clock clock;

    private final Map<String, Session> sessions = new ConcurrentHashMap<>();

    @Inject
    ConsoleSessions(Clock clock) {
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected ConsoleSessions() {
        this(null);
    }

    /** The live session this token names, seen now; empty when there is none or it has been idle too long. */
    Optional<Session> find(String token) {
        if (token == null) {
            return Optional.empty();
        }
        Session s = sessions.get(token);
        Instant now = clock.instant();
        if (s == null || expired(s, now)) {
            if (s != null) {
                sessions.remove(token, s);
            }
            return Optional.empty();
        }
        s.lastSeen = now;
        return Optional.of(s);
    }

    /** A new session (a new token: signing in never keeps the token from before it, so none can be planted). */
    Session open(String user, Set<String> roles, String idToken) {
        Instant now = clock.instant();
        if (sessions.size() >= MAX_SESSIONS) {
            sessions.values().removeIf(s -> expired(s, now));
            if (sessions.size() >= MAX_SESSIONS) {
                sessions.values().removeIf(s -> s.user == null);
            }
        }
        Session s = new Session(RandomTokens.of(32), RandomTokens.of(24), user, roles, idToken, now);
        sessions.put(s.token, s);
        return s;
    }

    void close(Session s) {
        sessions.remove(s.token, s);
    }

    /** Live sessions held (for tests and the bound). */
    int size() {
        return sessions.size();
    }

    private static boolean expired(Session s, Instant now) {
        return !now.isBefore(s.lastSeen.plus(IDLE));
    }
}
