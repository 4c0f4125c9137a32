package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.streaming.StreamLimits;
import dev.llmproxy.domain.upstream.UpstreamCall;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Calls to models on Bedrock, for the translation tests. */
final class BedrockCalls {

    static final String BASE = "https://bedrock-runtime.eu-west-1.amazonaws.com";
    static final Provider BEDROCK = new Provider("bedrock", ProviderKind.BEDROCK, URI.create(BASE), "AWS_KEYS");
    static final String CLAUDE = "eu.anthropic.claude-sonnet-4-5-20250929-v1:0";

    private BedrockCalls() {
    }

    /** A call with an OpenAI request body ({@code '} for {@code "}). */
    static UpstreamCall to(String upstreamModel, String chat, boolean stream) {
        return new UpstreamCall("req-1", BEDROCK, AllowedModel.of("m", "bedrock", upstreamModel),
                chat.replace('\'', '"').getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(5),
                stream ? (event, valve) -> { } : null,
                stream ? new StreamLimits(Duration.ofSeconds(5), Duration.ofSeconds(5)) : null);
    }
}
