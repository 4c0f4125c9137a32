package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.routing.ChainResult;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;

import java.util.concurrent.CompletableFuture;

/** A client that goes away, or an async timeout, cancels the chain and so the upstream call in flight. */
record CancelOnAbandon(CompletableFuture<ChainResult> run) implements AsyncListener {
    @Override public void onComplete(AsyncEvent event) { }
    @Override public void onTimeout(AsyncEvent event) { run.cancel(true); }
    @Override public void onError(AsyncEvent event) { run.cancel(true); }
    @Override public void onStartAsync(AsyncEvent event) { }
}
