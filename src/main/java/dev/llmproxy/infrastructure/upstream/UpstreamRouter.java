package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.util.concurrent.CompletableFuture;

/** Sends each call to the client for its provider's kind. */
public final class UpstreamRouter implements UpstreamPort {

    private final UpstreamPort openai;
    private final UpstreamPort sim;

    public UpstreamRouter(UpstreamPort openai, UpstreamPort sim) {
        this.openai = openai;
        this.sim = sim;
    }

    @Override
    public CompletableFuture<UpstreamReply> send(UpstreamCall call) {
        return switch (call.provider().kind()) {
            case OPENAI -> openai.send(call);
            case SIM -> sim.send(call);
        };
    }
}
