package dev.llmproxy.interfaces.security;

import dev.llmproxy.application.security.RandomTokens;
import dev.llmproxy.application.security.SignInChallenge;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Single sign-ons on their way through the provider, by state, each bound to the browser that started it by a
 * cookie of its own. The console's session cookie is {@code SameSite=Strict} and so is not sent when the provider
 * sends the browser back (a navigation from another site); this one is {@code Lax}, limited to the callback's path,
 * and holds nothing but a random value. A state is used once; one that comes back without its browser's cookie is
 * refused, so nobody can sign someone else in with their own code.
 */
@ApplicationScoped
public class PendingSignIns {

    static final String COOKIE = "llmproxy_sso";
    static final Duration LIFETIME = Duration.ofMinutes(10);
    static final int MAX_PENDING = 10_000;

    private record Pending(SignInChallenge challenge, String browser) {
    }

    private final Clock clock;

    private final Map<String, Pending> pending = new ConcurrentHashMap<>();

    @Inject
    PendingSignIns(Clock clock) {
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected PendingSignIns() {
        this(null);
    }

    /** Holds the challenge and gives the browser the cookie that will claim it. */
    public void hold(SignInChallenge challenge, HttpServletRequest req, HttpServletResponse res) {
        if (pending.size() >= MAX_PENDING) {
            pending.values().removeIf(p -> stale(p.challenge()));
            if (pending.size() >= MAX_PENDING) {
                pending.clear(); // a flood of started sign-ins: those in progress start again
            }
        }
        String browser = RandomTokens.of(24);
        pending.put(challenge.state(), new Pending(challenge, browser));
        res.addHeader("Set-Cookie", setCookie(req, browser) + "; Max-Age=" + LIFETIME.toSeconds());
    }

    /** The challenge of this state, if this browser started it and it is not stale; used up either way. */
    public Optional<SignInChallenge> claim(String state, HttpServletRequest req, HttpServletResponse res) {
        res.addHeader("Set-Cookie", setCookie(req, "") + "; Max-Age=0");
        Pending p = state == null ? null : pending.remove(state);
        String browser = ConsoleSession.cookie(req, COOKIE);
        if (p == null || browser == null || browser.isEmpty() || stale(p.challenge()) || !MessageDigest.isEqual(
                p.browser().getBytes(StandardCharsets.UTF_8), browser.getBytes(StandardCharsets.UTF_8))) {
            return Optional.empty();
        }
        return Optional.of(p.challenge());
    }

    int size() {
        return pending.size();
    }

    private boolean stale(SignInChallenge c) {
        return !clock.instant().isBefore(c.created().plus(LIFETIME));
    }

    private static String setCookie(HttpServletRequest req, String value) {
        return COOKIE + "=" + value + "; Path=" + req.getContextPath() + "/admin/oidc; HttpOnly; SameSite=Lax"
                + (req.isSecure() ? "; Secure" : "");
    }
}
