package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.config.AllowedModel;

/** The caller's request, rendered for each model of the chain (e.g. with that model's upstream name). */
@FunctionalInterface
public interface ChatPayload {
    byte[] bodyFor(AllowedModel model);
}
