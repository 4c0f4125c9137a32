package dev.llmproxy.infrastructure.upstream.vertex;

import dev.llmproxy.application.config.Deployed;
import dev.llmproxy.application.config.FirstStart;
import dev.llmproxy.infrastructure.upstream.IssuedTokens;
import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;

/**
 * The {@code vertex} kind: Gemini and Claude on Google Cloud's Vertex AI, for chat (its vectors are not served), with
 * Google access tokens.
 */
public final class VertexKind {

    private VertexKind() {
    }

    public static ProviderPorts ports(UpstreamParts parts) {
        return ProviderPorts.chatOnly(parts.http(new VertexWire(parts.clock()), new IssuedTokens(
                "Google access token", GoogleIssuer.issuers(parts.socketFactory()), parts.secrets(), parts.workers(),
                parts.clock())));
    }

    public static FirstStart.Added firstStart(Deployed deployed) {
        return VertexFirstStart.added(deployed);
    }
}
