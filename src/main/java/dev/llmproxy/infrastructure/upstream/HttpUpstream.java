package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.config.Provider;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.Exchange;
import dev.llmproxy.infrastructure.upstream.http.HttpTransport;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * Calls a provider's HTTP API without blocking, in the words of its {@link WireFormat}: plain-http upstreams through
 * the lean NIO transport, https through Jetty's client. The attempt timeout is a timer that aborts the exchange, and
 * cancelling the returned future aborts it too. Replies are completed on the worker executor, never on an I/O thread.
 */
public final class HttpUpstream implements UpstreamPort {

    private static final Logger LOG = Logger.getLogger(HttpUpstream.class.getName());

    private final WireFormat wire;
    private final HttpTransport plain;
    private final HttpTransport tls;
    private final Executor workers;
    private final Timers timers;
    private final Clock clock;
    private final Function<String, Optional<String>> secrets;

    /**
     * @param plain   transport for http:// base URLs
     * @param tls     transport for https:// base URLs
     * @param secrets resolves a secret's name to its value (never logged)
     */
    public HttpUpstream(WireFormat wire, HttpTransport plain, HttpTransport tls, Executor workers, Timers timers,
                        Clock clock, Function<String, Optional<String>> secrets) {
        this.wire = wire;
        this.plain = plain;
        this.tls = tls;
        this.workers = workers;
        this.timers = timers;
        this.clock = clock;
        this.secrets = secrets;
    }

    @Override
    public CompletableFuture<UpstreamReply> send(UpstreamCall call) {
        Provider provider = call.provider();
        String key = null;
        if (provider.apiKeySecret() != null) {
            Optional<String> secret = secrets.apply(provider.apiKeySecret());
            if (secret.isEmpty()) {
                LOG.severe("Provider " + provider.name() + ": secret " + provider.apiKeySecret()
                        + " is not set; treating the call as unauthorised");
                return CompletableFuture.completedFuture(new UpstreamReply.HttpError(401, null,
                        "proxy: secret " + provider.apiKeySecret() + " is not set"));
            }
            key = secret.get();
        }
        UpstreamReply refused = wire.unsendable(call);
        if (refused != null) {
            return CompletableFuture.completedFuture(refused);
        }
        OutboundRequest request = wire.request(call, key);
        HttpTransport transport = "https".equalsIgnoreCase(request.uri().getScheme()) ? tls : plain;
        CompletableFuture<UpstreamReply> reply = new CompletableFuture<>();
        if (call.streaming()) {
            StreamingAttempt attempt = new StreamingAttempt(call, wire, reply, workers, timers, clock);
            attempt.arm();
            attempt.attach(transport.send(request, attempt));
            return reply;
        }
        WholeResponse collector = new WholeResponse(call, wire, reply, workers, clock);
        Exchange exchange = transport.send(request, collector);
        collector.attach(exchange);
        ScheduledFuture<?> timer = timers.schedule(call.timeout(), () -> {
            if (reply.complete(new UpstreamReply.Failed(FailureKind.TIMEOUT, "no answer in " + call.timeout().toMillis() + " ms"))) {
                exchange.abort();
            }
        });
        reply.whenComplete((r, e) -> {
            timer.cancel(false);
            if (reply.isCancelled()) {
                exchange.abort();
            }
        });
        return reply;
    }
}
