package dev.llmproxy.infrastructure.security;

import dev.llmproxy.application.security.SignInRefused;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The sign-in provider's metadata and keys ({@link ProviderKeys}), found once. One discovery runs at a time, on a
 * thread of its own; a caller waits for it a short while at most, and after a failure every caller is refused at
 * once until the next try is due. A provider that is down or slow thus costs each request a bounded wait and no
 * queue: before, every bearer request took a global lock and then tried the provider's seven seconds of timeouts
 * itself.
 */
final class ProviderDiscovery<T> {

    /** How a discovery is made: {@link ProviderKeys#discover}, in production. */
    interface Attempt<T> {
        T discover() throws SignInRefused;
    }

    private final Attempt<T> attempt;
    private final Clock clock;
    private final Duration wait;
    private final Duration retryAfter;
    private volatile T found;
    private CompletableFuture<T> running;
    private Instant failedAt;
    private SignInRefused failure;

    /**
     * @param wait       how long a caller waits for a discovery under way
     * @param retryAfter how long after a failure callers are refused without a new try
     */
    ProviderDiscovery(Attempt<T> attempt, Clock clock, Duration wait, Duration retryAfter) {
        this.attempt = attempt;
        this.clock = clock;
        this.wait = wait;
        this.retryAfter = retryAfter;
    }

    /** The provider, discovered now or before. */
    T get() throws SignInRefused {
        T p = found;
        if (p != null) {
            return p;
        }
        CompletableFuture<T> discovery;
        synchronized (this) {
            if (found != null) {
                return found;
            }
            if (running == null || running.isDone()) { // a done one has set found or failedAt before it completed
                if (failedAt != null && clock.instant().isBefore(failedAt.plus(retryAfter))) {
                    throw new SignInRefused(failure.getMessage(), true, failure);
                }
                running = start();
            }
            discovery = running;
        }
        try {
            return discovery.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new SignInRefused("The sign-in provider is still being discovered; try again in a moment.", true, e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof SignInRefused refused ? new SignInRefused(refused.getMessage(), true, refused)
                    : new SignInRefused("The sign-in provider could not be discovered.", true, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SignInRefused("Interrupted while the sign-in provider was being discovered.", true, e);
        }
    }

    private CompletableFuture<T> start() {
        CompletableFuture<T> discovery = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                T p = attempt.discover();
                found = p;
                discovery.complete(p);
            } catch (SignInRefused | RuntimeException e) {
                synchronized (this) {
                    failedAt = clock.instant();
                    failure = e instanceof SignInRefused r ? r : new SignInRefused(
                            "The sign-in provider could not be discovered: " + e.getMessage(), true, e);
                }
                discovery.completeExceptionally(e);
            } finally {
                synchronized (this) {
                    running = null;
                }
            }
        }, "sign-in-provider-discovery");
        t.setDaemon(true);
        t.start();
        return discovery;
    }
}
