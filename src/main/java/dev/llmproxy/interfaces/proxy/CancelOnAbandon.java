package dev.llmproxy.interfaces.proxy;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;

import java.util.concurrent.CompletableFuture;

/**
 * Cancels the chain, and so the upstream call in flight, once the exchange is over by any other way than the chain's
 * own answer: the client went away, an async timeout, or the exchange was ended early. It is registered as the
 * request goes async, since the servlet spec allows listeners only during that dispatch (Payara and WildFly enforce
 * it); the chain is handed over when it starts, and one handed over after the end is cancelled at once.
 */
final class CancelOnAbandon implements AsyncListener {

    private final CompletableFuture<Void> over = new CompletableFuture<>();

    void watch(CompletableFuture<?> run) {
        over.thenRun(() -> run.cancel(true));
    }

    /** Whether the exchange is over: its response may no longer be touched. */
    boolean over() {
        return over.isDone();
    }

    // after the chain's own answer the run is already done, and cancelling it changes nothing
    @Override public void onComplete(AsyncEvent event) { over.complete(null); }
    @Override public void onTimeout(AsyncEvent event) { over.complete(null); }
    @Override public void onError(AsyncEvent event) { over.complete(null); }
    @Override public void onStartAsync(AsyncEvent event) { }
}
