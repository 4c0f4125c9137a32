package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.upstream.UpstreamPort;

/**
 * One provider kind's calls, one port per operation it serves.
 *
 * @param chat       chat answers, whole or streamed
 * @param embeddings vectors; null for a kind the proxy asks for none
 */
public record ProviderPorts(UpstreamPort chat, UpstreamPort embeddings) {

    public ProviderPorts {
        if (chat == null) {
            throw new IllegalArgumentException("every kind answers chat");
        }
    }

    /** A kind that serves chat answers only. */
    public static ProviderPorts chatOnly(UpstreamPort chat) {
        return new ProviderPorts(chat, null);
    }
}
