package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Sends each call to its provider kind's port for the call's operation. The operation is the model's: the allowlist
 * says which models make vectors, and the front door has checked that a request names models of its operation.
 */
public final class UpstreamRouter implements UpstreamPort {

    private final Map<ProviderKind, ProviderPorts> byKind;

    /**
     * @param byKind the ports of every kind; a kind serves embeddings exactly when the catalog says it does
     *               ({@link ProviderKind#embeds()}), which the configuration's checks rely on
     */
    public UpstreamRouter(Map<ProviderKind, ProviderPorts> byKind) {
        this.byKind = new EnumMap<>(byKind);
        for (ProviderKind kind : ProviderKind.values()) {
            ProviderPorts ports = this.byKind.get(kind);
            if (ports == null) {
                throw new IllegalArgumentException("no client for provider kind " + kind.id());
            }
            if ((ports.embeddings() != null) != kind.embeds()) {
                throw new IllegalArgumentException("provider kind " + kind.id() + (kind.embeds()
                        ? " makes vectors but has no port for them" : " has a port for vectors it is said not to make"));
            }
        }
    }

    @Override
    public CompletableFuture<UpstreamReply> send(UpstreamCall call) {
        ProviderPorts ports = byKind.get(call.provider().kind());
        if (!call.model().embeds()) {
            return ports.chat().send(call);
        }
        if (ports.embeddings() == null) { // the configuration's checks keep such a model out of the allowlist
            return CompletableFuture.completedFuture(HttpReplies.httpError(call, 400, null,
                    "proxy: " + call.provider().kind().id() + " makes no embeddings"));
        }
        return ports.embeddings().send(call);
    }
}
