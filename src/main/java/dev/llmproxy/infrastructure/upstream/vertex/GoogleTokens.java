package dev.llmproxy.infrastructure.upstream.vertex;

import com.google.auth.oauth2.AccessToken;
import com.google.auth.oauth2.GoogleCredentials;
import com.google.auth.oauth2.ServiceAccountCredentials;
import dev.llmproxy.domain.config.Provider;
import dev.llmproxy.infrastructure.upstream.Credentials;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * Google Cloud access tokens for Vertex AI, by Google's own library: from the service-account key the provider's
 * secret names (the key file's path, as {@code GOOGLE_APPLICATION_CREDENTIALS} holds it, or the key's JSON itself),
 * else from the machine's Application Default Credentials. A token is fetched once per provider and reused; when
 * less than five minutes are left, the next call starts a fresh one in the background and keeps the old one until
 * then, so calls wait for a token only the first time and after a failure.
 */
public final class GoogleTokens implements Credentials {

    static final String SCOPE = "https://www.googleapis.com/auth/cloud-platform";
    /** Less than this left: a new token is fetched while the current one still serves. */
    static final Duration REFRESH_AHEAD = Duration.ofMinutes(5);
    /** Less than this left: the token is not sent any more (a call could outlive it); calls wait for the new one. */
    static final Duration LAST_USE = Duration.ofMinutes(1);
    private static final Logger LOG = Logger.getLogger(GoogleTokens.class.getName());

    private final Function<String, Optional<String>> secrets;
    private final Executor fetchers;
    private final Clock clock;
    private final ConcurrentMap<String, Source> sources = new ConcurrentHashMap<>();

    /** @param fetchers runs the token fetches, which block on Google's token endpoint */
    public GoogleTokens(Function<String, Optional<String>> secrets, Executor fetchers, Clock clock) {
        this.secrets = secrets;
        this.fetchers = fetchers;
        this.clock = clock;
    }

    @Override
    public CompletableFuture<String> of(Provider provider) {
        String secret;
        try {
            secret = Credentials.secret(provider, secrets);
        } catch (Unavailable missing) {
            return CompletableFuture.failedFuture(missing);
        }
        return sources.computeIfAbsent(provider.name() + "\n" + (secret == null ? "" : secret),
                k -> new Source(provider.name(), secret)).token();
    }

    @Override
    public void refused(Provider provider, String token) {
        sources.values().forEach(source -> source.forget(provider.name(), token));
    }

    /** One credential's tokens: the current one, and at most one fetch under way. */
    private final class Source {
        private final String provider;
        private final String secret;
        private volatile AccessToken current;
        private CompletableFuture<String> fetching;
        private GoogleCredentials credentials;

        Source(String provider, String secret) {
            this.provider = provider;
            this.secret = secret;
        }

        CompletableFuture<String> token() {
            AccessToken token = current;
            Duration left = token == null ? Duration.ZERO : left(token);
            if (left.compareTo(REFRESH_AHEAD) > 0) {
                return CompletableFuture.completedFuture(token.getTokenValue());
            }
            CompletableFuture<String> next = fetch();
            return left.compareTo(LAST_USE) > 0 ? CompletableFuture.completedFuture(token.getTokenValue()) : next;
        }

        void forget(String providerName, String token) {
            AccessToken held = current;
            if (provider.equals(providerName) && held != null && held.getTokenValue().equals(token)) {
                current = null;
                LOG.warning("Provider " + provider + " refused its Google access token; the next call fetches a new one");
            }
        }

        private Duration left(AccessToken token) {
            return token.getExpirationTime() == null ? Duration.ofDays(1)
                    : Duration.between(clock.instant(), token.getExpirationTime().toInstant());
        }

        private synchronized CompletableFuture<String> fetch() {
            if (fetching == null) {
                CompletableFuture<String> started = CompletableFuture.supplyAsync(this::fetchNow, fetchers);
                fetching = started;
                started.whenComplete((t, e) -> done(started));
            }
            return fetching;
        }

        private synchronized void done(CompletableFuture<String> finished) {
            if (fetching == finished) {
                fetching = null;
            }
        }

        /** Runs on a fetcher thread, one at a time per source. */
        private String fetchNow() {
            try {
                if (credentials == null) {
                    credentials = load();
                }
                credentials.refresh();
                AccessToken token = credentials.getAccessToken();
                if (token == null) {
                    throw new IOException("the token endpoint answered without a token");
                }
                current = token;
                LOG.info("Provider " + provider + ": fetched a Google access token, valid until "
                        + (token.getExpirationTime() == null ? "revoked" : token.getExpirationTime().toInstant()));
                return token.getTokenValue();
            } catch (IOException | RuntimeException e) {
                credentials = null; // the key may be replaced meanwhile: read it again next time
                throw new Unavailable("no Google access token for provider " + provider + " ("
                        + e.getClass().getSimpleName() + ": " + withoutSecret(e.getMessage()) + ")", null);
            }
        }

        /** A secret that is not a key file's path may be a key itself: a message about it never repeats it. */
        private String withoutSecret(String message) {
            String line = String.valueOf(message).replaceAll("\\s+", " ");
            return secret == null || secret.isBlank() ? line
                    : line.replace(secret.strip().replaceAll("\\s+", " "), "(the value of the provider's secret)");
        }

        private GoogleCredentials load() throws IOException {
            if (secret == null) {
                return GoogleCredentials.getApplicationDefault().createScoped(SCOPE);
            }
            try (InputStream key = secret.stripLeading().startsWith("{")
                    ? new ByteArrayInputStream(secret.getBytes(StandardCharsets.UTF_8))
                    : Files.newInputStream(Path.of(secret.strip()))) {
                return ServiceAccountCredentials.fromStream(key).createScoped(SCOPE);
            }
        }
    }
}
