package dev.llmproxy.infrastructure.upstream.sim;

import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;

/** The {@code sim} kind: simulated models in process, for chat and vectors, for demos and drills. */
public final class SimKind {

    private SimKind() {
    }

    public static ProviderPorts ports(UpstreamParts parts) {
        return new ProviderPorts(new SimUpstream(parts.timers(), parts.clock(), parts.random()),
                SimUpstream.vectors(parts.timers(), parts.clock(), parts.random()));
    }
}
