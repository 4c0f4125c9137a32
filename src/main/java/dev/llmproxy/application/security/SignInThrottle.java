package dev.llmproxy.application.security;

import dev.llmproxy.application.audit.AuditTrail;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.security.SignInFailures;
import jakarta.enterprise.context.ApplicationScoped;
import dev.llmproxy.domain.text.StorableText;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * Slows password guessing on the console and the admin API: failed sign-ins are counted per client address and per
 * user name (in the shared store, so every instance sees them; on this instance alone while that cannot answer), and
 * past a limit that address or name is refused until its window ends. A lock-out never lasts longer than one window, and an admin can lift every lock at once.
 */
@ApplicationScoped
public class SignInThrottle {

    private static final Logger LOG = Logger.getLogger(SignInThrottle.class.getName());
    static final String USER = "user:";
    static final String ADDRESS = "address:";

    private final SignInFailures counts;
    private final ConfigService configs;
    private final AuditTrail audit;
    private final Clock clock;

    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong lockOuts = new AtomicLong();

    @Inject
    SignInThrottle(SignInFailures counts, ConfigService configs, AuditTrail audit, Clock clock) {
        this.counts = counts;
        this.configs = configs;
        this.audit = audit;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected SignInThrottle() {
        this(null, null, null, null);
    }

    /** How long to wait before trying again, when this user or address is locked out now. */
    public Optional<Duration> refusal(String user, String clientHash) {
        Settings s = configs.current().settings();
        Instant now = clock.instant();
        Duration window = window(s);
        Map<String, SignInFailures.Count> running = counts.counts(keys(user, clientHash), now, window);
        Instant until = null;
        for (Map.Entry<String, SignInFailures.Count> e : running.entrySet()) {
            if (e.getValue().failures() >= max(s, e.getKey())) {
                Instant end = e.getValue().windowEnd();
                until = until == null || end.isAfter(until) ? end : until;
            }
        }
        return until == null ? Optional.empty() : Optional.of(Duration.between(now, until));
    }

    /** A wrong password (or an unknown user): counted, and a lock-out it starts is logged and audited. */
    public void failed(String user, String clientHash) {
        Settings s = configs.current().settings();
        Instant now = clock.instant();
        List<String> keys = keys(user, clientHash);
        failures.incrementAndGet();
        Map<String, SignInFailures.Count> after = counts.add(keys, now, window(s));
        after.forEach((key, count) -> {
            if (count.failures() == max(s, key)) {
                lockOuts.incrementAndGet();
                String until = count.windowEnd().toString();
                LOG.warning("Sign-in throttle: " + key + " locked out until " + until + " after " + count.failures()
                        + " failed sign-ins");
                audit.record("sign-in throttle", "sign-in locked out", key, null, "until " + until);
            }
        });
    }

    /** Failed sign-ins on this instance since start. */
    public long failures() {
        return failures.get();
    }

    /** Lock-outs this instance started since start (an address or a name reaching its limit). */
    public long lockOuts() {
        return lockOuts.get();
    }

    /** A right password: the name's own count starts again (the address's does not). */
    public void succeeded(String user) {
        counts.clear(userKey(user));
    }

    /** Lifts every lock-out (and forgets every count); returns how many counts were dropped. */
    public int unlockAll(String by) {
        int n = counts.clearAll();
        audit.record(by, "sign-in lock-outs lifted", "all", n + " counts", null);
        return n;
    }

    private static List<String> keys(String user, String clientHash) {
        return List.of(userKey(user), ADDRESS + clientHash);
    }

    /**
     * A name is case-sensitive in the user store; its count is too, and its key bounded like any other and storable:
     * a name no store can keep would otherwise fail the count itself.
     */
    private static String userKey(String user) {
        return USER + StorableText.of(user.length() > 100 ? user.substring(0, 100) : user);
    }

    private static long max(Settings s, String key) {
        return key.startsWith(USER) ? s.signIn().failuresPerUser() : s.signIn().failuresPerAddress();
    }

    private static Duration window(Settings s) {
        return s.signIn().window();
    }
}
