package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.catalog.Provider;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * What a call to a provider carries to prove who sends it: its secret as it is (an API key), or a short-lived token
 * obtained with the secret (a cloud's access token). Either way the value is never logged.
 */
@FunctionalInterface
public interface Credentials {

    /**
     * The credential for one call to {@code provider}: completed at once when it is at hand (the common case), later
     * when a token must be fetched first. Null when the provider takes none; failed with {@link Unavailable} when it
     * cannot be had, which is a misconfiguration, not a failure of the model.
     */
    CompletableFuture<String> of(Provider provider);

    /**
     * The provider refused {@code credential} (a 401): a token is dropped, so that the next call fetches a new one
     * instead of sending a revoked one until it expires. A key stays: only its owner can replace it.
     */
    default void refused(Provider provider, String credential) {
    }

    /** Whether {@link #refused} does anything: only then is each answer watched for a 401. */
    default boolean renewable() {
        return false;
    }

    /** Why a provider's credential cannot be had, in the proxy's own words (safe to log; never the secret). */
    final class Unavailable extends RuntimeException {
        public Unavailable(String message, Throwable cause) {
            super(message, cause, false, false);
        }
    }

    /**
     * The provider's secret, by the name its {@code apiKeySecret} gives, sent as it is: null when it names none (or
     * the machine's identity, which the provider's issuer then signs in as),
     * {@link Unavailable} when the named one is not set. Always completed at once.
     */
    static Credentials secrets(Function<String, Optional<String>> secrets) {
        return provider -> {
            if (provider.apiKeySecret() == null || Provider.MACHINE_IDENTITY.equals(provider.apiKeySecret())) {
                return CompletableFuture.completedFuture(null);
            }
            return secrets.apply(provider.apiKeySecret()).map(CompletableFuture::completedFuture)
                    .orElseGet(() -> CompletableFuture.failedFuture(new Unavailable(
                            "secret " + provider.apiKeySecret() + " is not set", null)));
        };
    }
}
