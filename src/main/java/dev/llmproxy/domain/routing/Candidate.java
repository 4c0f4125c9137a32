package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;

/**
 * A model of the chain with its provider, already checked against the allowlist.
 *
 * @param group the deployment group the chain named, which this model is one deployment of; null when the chain
 *              named the model itself
 */
public record Candidate(AllowedModel model, Provider provider, String group) {

    public Candidate(AllowedModel model, Provider provider) {
        this(model, provider, null);
    }
}
