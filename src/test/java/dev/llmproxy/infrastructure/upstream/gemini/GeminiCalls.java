package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.upstream.UpstreamCall;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Calls to a Gemini model, for the translation tests. */
final class GeminiCalls {

    static final Provider GEMINI = new Provider("google", ProviderKind.GEMINI,
            URI.create("http://127.0.0.1:1/v1beta"), null);

    private GeminiCalls() {
    }

    static UpstreamCall to(String upstreamModel) {
        return new UpstreamCall("req-1", GEMINI, AllowedModel.of("m", "google", upstreamModel),
                "{}".getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(5));
    }
}
