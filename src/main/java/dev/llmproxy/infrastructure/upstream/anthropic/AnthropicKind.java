package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;

/** The {@code anthropic} kind: Anthropic's Messages API, for chat (Anthropic makes no vectors), with its key. */
public final class AnthropicKind {

    private AnthropicKind() {
    }

    public static ProviderPorts ports(UpstreamParts parts) {
        return ProviderPorts.chatOnly(parts.http(new AnthropicWire(parts.clock()), parts.keys()));
    }
}
