package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.config.AllowedModel;
import dev.llmproxy.domain.config.Provider;

import java.time.Duration;

/** One attempt: which model at which provider, the body to send, and how long it may take. */
public record UpstreamCall(String requestId, Provider provider, AllowedModel model, byte[] body, Duration timeout) {
}
