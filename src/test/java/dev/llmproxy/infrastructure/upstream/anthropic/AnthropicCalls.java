package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.upstream.UpstreamCall;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Calls to a Claude model, for the translation tests. */
final class AnthropicCalls {

    static final Provider ANTHROPIC = new Provider("anthropic", ProviderKind.ANTHROPIC,
            URI.create("http://127.0.0.1:1/v1"), "ANTHROPIC_API_KEY");
    static final AllowedModel CLAUDE = AllowedModel.of("claude", "anthropic", "claude-sonnet-4-5");

    private AnthropicCalls() {
    }

    /** A call with an OpenAI request body ({@code '} for {@code "}). */
    static UpstreamCall to(String chat) {
        return to(CLAUDE, chat);
    }

    /** A call to {@code upstreamModel} with an OpenAI request body ({@code '} for {@code "}). */
    static UpstreamCall to(String upstreamModel, String chat) {
        return to(AllowedModel.of("c", "anthropic", upstreamModel), chat);
    }

    private static UpstreamCall to(AllowedModel model, String chat) {
        return new UpstreamCall("req-1", ANTHROPIC, model, chat.replace('\'', '"').getBytes(StandardCharsets.UTF_8),
                Duration.ofSeconds(5));
    }
}
