package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Sends each call to the client for its provider's kind. */
public final class UpstreamRouter implements UpstreamPort {

    private final Map<ProviderKind, UpstreamPort> byKind;

    /** @param byKind a client for every kind */
    public UpstreamRouter(Map<ProviderKind, UpstreamPort> byKind) {
        this.byKind = new EnumMap<>(byKind);
        for (ProviderKind kind : ProviderKind.values()) {
            if (!this.byKind.containsKey(kind)) {
                throw new IllegalArgumentException("no client for provider kind " + kind.id());
            }
        }
    }

    @Override
    public CompletableFuture<UpstreamReply> send(UpstreamCall call) {
        return byKind.get(call.provider().kind()).send(call);
    }
}
