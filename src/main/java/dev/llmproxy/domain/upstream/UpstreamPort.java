package dev.llmproxy.domain.upstream;

import java.util.concurrent.CompletableFuture;

/**
 * Calls one model once. Implementations never block the caller, enforce {@link UpstreamCall#timeout()} themselves,
 * complete normally with an {@link UpstreamReply} for every upstream outcome (exceptions are for bugs), and abort
 * the upstream exchange when the returned future is cancelled.
 */
public interface UpstreamPort {
    CompletableFuture<UpstreamReply> send(UpstreamCall call);
}
