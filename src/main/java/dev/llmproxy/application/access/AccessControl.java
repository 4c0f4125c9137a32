package dev.llmproxy.application.access;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.access.ClientAddress;
import dev.llmproxy.domain.config.CallerRules;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.keys.ApiKey;
import dev.llmproxy.domain.keys.ApiKeySecrets;
import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.ScopeLimit;
import dev.llmproxy.domain.limits.Window;
import dev.llmproxy.domain.log.CallerRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The door of the proxy endpoint: who is calling (key, hashed address), and whether their limits
 * leave room. Runs before anything is parsed further or called; every refusal carries what was known of the caller.
 */
@ApplicationScoped
public class AccessControl {

    public static final String DEFAULT_SCOPE = "default";
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static final Duration HOUR = Duration.ofHours(1);
    /** The limiter in a refusal's record when the refusal came from the memory of full windows. */
    public static final String REMEMBERED = "remembered";

    private final ConfigService configs;
    private final ApiKeys keys;
    private final Limiter limiter;
    private final AccessMode mode;
    private final RefusalRuns refusals;
    private final Clock clock;

    @Inject
    AccessControl(ConfigService configs, ApiKeys keys, Limiter limiter, AccessMode mode, RefusalRuns refusals,
            Clock clock) {
        this.configs = configs;
        this.keys = keys;
        this.limiter = limiter;
        this.mode = mode;
        this.refusals = refusals;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected AccessControl() {
        this(null, null, null, null, null, null);
    }

    /** @param requestId the request's id (a run of refusals is recorded under its first request's) */
    public Caller admit(AccessRequest request, String requestId) {
        if (!mode.serving()) {
            throw new AccessRefusal(ProxyError.of(ErrorKind.MISCONFIGURED, "The proxy refuses to serve: it runs in "
                    + "production mode without a client-hashing salt. An operator must set PROXY_IP_SALT."),
                    CallerRecord.UNKNOWN);
        }
        CallerRules rules = configs.current().settings().callers();
        String clientHash = mode.hasher().hash(ClientAddress.resolve(request.peer(), request.forwarded(),
                request.xForwardedFor(), rules.forwardingHeader(), rules.trustedProxies()));
        ApiKey key = identify(request, rules, clientHash);
        String keyId = key == null ? null : key.id();
        String scope = scope(key, request.routeScope(), clientHash);
        List<Bucket> buckets = buckets(rules, key, clientHash, scope);
        if (buckets.isEmpty()) {
            return new Caller(key, CallerRecord.client(clientHash).withKey(keyId).inScope(scope));
        }
        String limits = buckets.stream().flatMap(b -> b.windows().stream()).map(Window::name)
                .collect(Collectors.joining(","));
        CallerRecord caller = CallerRecord.client(clientHash).withKey(keyId).inScope(scope);
        Instant now = clock.instant();
        Decision.Refused known = refusals.memory().recall(buckets, now, r -> new RefusalRuns.First(requestId,
                caller.counted(limits, r.limit().name(), REMEMBERED)));
        if (known != null) {
            throw new AccessRefusal(refusal(known), caller.counted(limits, known.limit().name(), REMEMBERED), true);
        }
        Limiter.Limited limited = limiter.take(buckets);
        String store = limited.shared() ? "shared" : "memory";
        if (limited.decision() instanceof Decision.Refused refused) {
            if (limited.shared()) {
                refusals.memory().remember(refused, now);
            }
            throw new AccessRefusal(refusal(refused), caller.counted(limits, refused.limit().name(), store));
        }
        return new Caller(key, caller.counted(limits, null, store));
    }

    /** What can be said of a caller refused before the access check (a disallowed origin): its hashed address. */
    public CallerRecord anonymous(AccessRequest request) {
        if (!mode.serving()) {
            return CallerRecord.UNKNOWN;
        }
        CallerRules rules = configs.current().settings().callers();
        return CallerRecord.client(mode.hasher().hash(ClientAddress.resolve(request.peer(), request.forwarded(),
                request.xForwardedFor(), rules.forwardingHeader(), rules.trustedProxies())));
    }

    private ApiKey identify(AccessRequest request, CallerRules rules, String clientHash) {
        String token = bearer(request.authorization());
        boolean anonymousAllowed = rules.allowAnonymousCallers(mode.production());
        // An SDK needs some api_key even against an open proxy: a token that is not one of ours is ignored then.
        if (token == null || (ApiKeySecrets.idOf(token).isEmpty() && anonymousAllowed)) {
            if (!anonymousAllowed) {
                throw new AccessRefusal(ProxyError.of(ErrorKind.UNAUTHORIZED,
                        "An API key is required: send it as 'Authorization: Bearer <key>'."),
                        CallerRecord.client(clientHash));
            }
            return null;
        }
        ApiKey key = keys.find(token).orElseThrow(() -> new AccessRefusal(ProxyError.of(ErrorKind.INVALID_API_KEY,
                "Invalid API key."), CallerRecord.client(clientHash)));
        if (key.revoked()) {
            throw new AccessRefusal(ProxyError.of(ErrorKind.INVALID_API_KEY, "This API key has been revoked."),
                    CallerRecord.client(clientHash).withKey(key.id()));
        }
        return key;
    }

    private static String scope(ApiKey key, String routeScope, String clientHash) {
        if (key != null && key.scope() != null) {
            if (routeScope != null && !routeScope.equals(key.scope())) {
                throw new AccessRefusal(ProxyError.of(ErrorKind.NOT_PERMITTED, "This API key is limited to scope '"
                        + key.scope() + "'; it cannot be used for scope '" + routeScope + "'."),
                        CallerRecord.client(clientHash).withKey(key.id()).inScope(routeScope));
            }
            return key.scope();
        }
        return routeScope != null ? routeScope : DEFAULT_SCOPE;
    }

    private static List<Bucket> buckets(CallerRules rules, ApiKey key, String clientHash, String scope) {
        List<Bucket> buckets = new ArrayList<>();
        String client;
        if (key == null) {
            client = "ip:" + clientHash;
            List<Window> ip = new ArrayList<>();
            addWindow(ip, "ipLimitPerMinute", MINUTE, rules.ipLimitPerMinute());
            addWindow(ip, "ipLimitPerHour", HOUR, rules.ipLimitPerHour());
            if (!ip.isEmpty()) {
                buckets.add(new Bucket(client, ip));
            }
        } else {
            client = "key:" + key.id();
            int cap = key.limitPerMinute() != null ? key.limitPerMinute() : rules.keyLimitPerMinute();
            if (cap > 0) {
                buckets.add(new Bucket(client, List.of(new Window("keyLimitPerMinute", MINUTE, cap))));
            }
        }
        ScopeLimit scoped = rules.scopeLimits().get(scope);
        if (scoped != null) {
            List<Window> windows = new ArrayList<>();
            addWindow(windows, "scopeLimits." + scope + ".perMinute", MINUTE, scoped.perMinute());
            addWindow(windows, "scopeLimits." + scope + ".perHour", HOUR, scoped.perHour());
            if (!windows.isEmpty()) {
                buckets.add(new Bucket("scope:" + scope + ":" + client, windows));
            }
        }
        return buckets;
    }

    private static void addWindow(List<Window> windows, String name, Duration length, int max) {
        if (max > 0) {
            windows.add(new Window(name, length, max));
        }
    }

    private static ProxyError refusal(Decision.Refused refused) {
        return new ProxyError(ErrorKind.RATE_LIMITED, message(refused), null, refused.retryAfter());
    }

    private static String message(Decision.Refused refused) {
        Window w = refused.limit();
        String per = refused.bucketKey().startsWith("ip:") ? "client address"
                : refused.bucketKey().startsWith("key:") ? "API key" : "client in this scope";
        long seconds = Math.max(1, (refused.retryAfter().toMillis() + 999) / 1000);
        return "Rate limit reached (" + w.name() + ": " + w.max() + " requests per "
                + (w.length().equals(HOUR) ? "hour" : "minute") + " per " + per + "); retry in " + seconds + " s.";
    }

    /** The token of an {@code Authorization: Bearer} header, or null. */
    static String bearer(String authorization) {
        if (authorization == null) {
            return null;
        }
        String a = authorization.trim();
        if (a.length() > 7 && a.substring(0, 7).toLowerCase(Locale.ROOT).equals("bearer ")) {
            String token = a.substring(7).trim();
            return token.isEmpty() ? null : token;
        }
        return null;
    }
}
