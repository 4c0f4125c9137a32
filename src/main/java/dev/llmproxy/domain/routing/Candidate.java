package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.config.AllowedModel;
import dev.llmproxy.domain.config.Provider;

/** A model of the chain with its provider, already checked against the allowlist. */
public record Candidate(AllowedModel model, Provider provider) {
}
