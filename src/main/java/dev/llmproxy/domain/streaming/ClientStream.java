package dev.llmproxy.domain.streaming;

import dev.llmproxy.domain.catalog.AllowedModel;

/**
 * The client's side of a streamed answer. Until {@link #open} nothing has been sent, so any failure can still be an
 * ordinary error response; after it, only in-band events remain. Calls are sequential and must not block.
 */
public interface ClientStream {

    /** The first content is here: commit the response, naming the model that answers. */
    void open(AllowedModel model, String upstreamModel, boolean fallback, boolean saw429);

    /** The answer goes on from another model (a continuation after a break). */
    void spliced(AllowedModel model, String upstreamModel);

    /** @param valve pauses the upstream while the client is behind, resumes it when it has caught up */
    void event(StreamEvent event, Backpressure valve);

    /** Whether {@link #open} has been called. */
    boolean isOpen();
}
