package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.catalog.AllowedModel;

/** The caller's request, rendered for each model of the chain (e.g. with that model's upstream name). */
@FunctionalInterface
public interface ChatPayload {
    byte[] bodyFor(AllowedModel model);

    /**
     * The request that asks {@code model} to continue a streamed answer that broke off: the conversation plus the
     * partial answer as an assistant prefill.
     */
    default byte[] continuationFor(AllowedModel model, String partialAnswer) {
        throw new UnsupportedOperationException("this request cannot be continued");
    }
}
