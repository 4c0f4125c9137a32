package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.upstream.RequestBody;

/** The caller's request, rendered for each model of the chain (e.g. with that model's upstream name). */
@FunctionalInterface
public interface ChatPayload {
    RequestBody bodyFor(AllowedModel model);

    /**
     * The request that asks {@code model} to continue a streamed answer that broke off: the conversation plus the
     * partial answer as an assistant prefill.
     */
    default RequestBody continuationFor(AllowedModel model, String partialAnswer) {
        throw new UnsupportedOperationException("this request cannot be continued");
    }
}
