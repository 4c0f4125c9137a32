package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.catalog.Provider;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * Short-lived access tokens a cloud issues against a provider's secret (a Google service-account key, a Microsoft
 * Entra client secret). A token is fetched once per provider and reused; when less than five minutes are left, the
 * next call starts a fresh one in the background and keeps sending the old one until then, so calls wait for a token
 * only the first time and after a failure. A token the provider refuses is dropped at once.
 */
public final class IssuedTokens implements Credentials {

    /** Less than this left: a new token is fetched while the current one still serves. */
    static final Duration REFRESH_AHEAD = Duration.ofMinutes(5);
    /** Less than this left: the token is not sent any more (a call could outlive it); calls wait for the new one. */
    static final Duration LAST_USE = Duration.ofMinutes(1);
    private static final Logger LOG = Logger.getLogger(IssuedTokens.class.getName());

    /** One token and when it expires (null: not said). */
    public record Token(String value, Instant expiresAt) {
    }

    /** Obtains tokens for one provider's credential; called on a fetcher thread, one call at a time. */
    @FunctionalInterface
    public interface Issuer {
        Token issue() throws Exception;
    }

    /** Makes the issuer for a provider's secret's value (null when the provider names none). */
    @FunctionalInterface
    public interface Issuers {
        Issuer of(Provider provider, String secret) throws Exception;
    }

    private final String what;
    private final Issuers issuers;
    private final Credentials secrets;
    private final Executor fetchers;
    private final Clock clock;
    private final ConcurrentMap<String, Source> sources = new ConcurrentHashMap<>();

    /**
     * @param what     what the tokens are, in messages ("Google access token")
     * @param fetchers runs the fetches, which block on the cloud's token endpoint
     */
    public IssuedTokens(String what, Issuers issuers, Function<String, Optional<String>> secrets, Executor fetchers,
                        Clock clock) {
        this.what = what;
        this.issuers = issuers;
        this.secrets = Credentials.secrets(secrets);
        this.fetchers = fetchers;
        this.clock = clock;
    }

    @Override
    public CompletableFuture<String> of(Provider provider) {
        return secrets.of(provider).thenCompose(secret -> source(provider, secret).token());
    }

    /**
     * The tokens of one provider's credential: kept per provider, host and secret value, so a changed secret starts
     * over, and a token is only ever sent to the host it was first fetched for (a provider moved to another host by
     * an admin gets a token of its own, never the old one).
     */
    private Source source(Provider provider, String secret) {
        URI base = provider.baseUrl();
        String host = base == null ? "" : base.getScheme() + "://" + base.getRawAuthority();
        return sources.computeIfAbsent(provider.name() + "\n" + host + "\n" + (secret == null ? "" : secret),
                k -> new Source(provider, secret));
    }

    @Override
    public boolean renewable() {
        return true;
    }

    @Override
    public void refused(Provider provider, String token) {
        sources.values().forEach(source -> source.forget(provider.name(), token));
    }

    /** One credential's tokens: the current one, and at most one fetch under way. */
    final class Source {
        private final Provider provider;
        private final String secret;
        private volatile Token current;
        private CompletableFuture<String> fetching;
        private volatile Issuer issuer;

        Source(Provider provider, String secret) {
            this.provider = provider;
            this.secret = secret;
        }

        CompletableFuture<String> token() {
            Token token = current;
            Duration left = token == null ? Duration.ZERO : left(token);
            if (left.compareTo(REFRESH_AHEAD) > 0) {
                return CompletableFuture.completedFuture(token.value());
            }
            CompletableFuture<String> next = fetch();
            return left.compareTo(LAST_USE) > 0 ? CompletableFuture.completedFuture(token.value()) : next;
        }

        private Duration left(Token token) {
            return token.expiresAt() == null ? Duration.ofDays(1) : Duration.between(clock.instant(), token.expiresAt());
        }

        void forget(String providerName, String token) {
            Token held = current;
            if (provider.name().equals(providerName) && held != null && held.value().equals(token)) {
                current = null;
                LOG.warning("Provider " + providerName + " refused its " + what + "; the next call fetches a new one");
            }
        }

        /** The fetch under way, or a new one: a finished fetch is never handed out again. */
        private synchronized CompletableFuture<String> fetch() {
            if (fetching == null || fetching.isDone()) {
                fetching = CompletableFuture.supplyAsync(this::fetchNow, fetchers);
            }
            return fetching;
        }

        /** Runs on a fetcher thread, one at a time per source. */
        private String fetchNow() {
            try {
                if (issuer == null) {
                    issuer = issuers.of(provider, secret);
                }
                Token token = issuer.issue();
                if (token == null || token.value() == null) {
                    throw new IllegalStateException("the token endpoint answered without a token");
                }
                current = token;
                LOG.info("Provider " + provider.name() + ": fetched a " + what + ", valid until "
                        + (token.expiresAt() == null ? "revoked" : token.expiresAt()));
                return token.value();
            } catch (Exception e) {
                issuer = null; // the key may be replaced meanwhile: read it again next time
                Throwable cause = e instanceof java.util.concurrent.ExecutionException && e.getCause() != null
                        ? e.getCause() : e;
                throw new Unavailable("no " + what + " for provider " + provider.name() + " ("
                        + cause.getClass().getSimpleName() + ": " + withoutSecret(cause.getMessage()) + ")", null);
            }
        }

        /** A secret that is not what it should be may be a key itself: a message about it never repeats it. */
        private String withoutSecret(String message) {
            String line = String.valueOf(message).replaceAll("\\s+", " ");
            return secret == null || secret.isBlank() ? line
                    : line.replace(secret.strip().replaceAll("\\s+", " "), "(the value of the provider's secret)");
        }
    }
}
