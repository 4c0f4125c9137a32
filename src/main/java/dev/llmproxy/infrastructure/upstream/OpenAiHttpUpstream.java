package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.config.Provider;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.Exchange;
import dev.llmproxy.infrastructure.upstream.http.HttpTransport;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;

import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * Calls an OpenAI-compatible {@code /chat/completions} without blocking: plain-http upstreams through the lean NIO
 * transport, https through Jetty's client. The attempt timeout is a timer that aborts the exchange, and cancelling
 * the returned future aborts it too. Replies are completed on the worker executor, never on an I/O thread.
 */
public final class OpenAiHttpUpstream implements UpstreamPort {

    private static final Logger LOG = Logger.getLogger(OpenAiHttpUpstream.class.getName());
    private static final List<OutboundRequest.Header> JSON = List.of(
            new OutboundRequest.Header("Content-Type", "application/json"),
            new OutboundRequest.Header("Accept", "application/json"));

    private final HttpTransport plain;
    private final HttpTransport tls;
    private final Executor workers;
    private final Timers timers;
    private final Clock clock;
    private final Function<String, Optional<String>> secrets;
    private final ConcurrentMap<URI, URI> endpoints = new ConcurrentHashMap<>();

    /**
     * @param plain   transport for http:// base URLs
     * @param tls     transport for https:// base URLs
     * @param secrets resolves a secret's name to its value (never logged)
     */
    public OpenAiHttpUpstream(HttpTransport plain, HttpTransport tls, Executor workers, Timers timers, Clock clock,
                              Function<String, Optional<String>> secrets) {
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
        List<OutboundRequest.Header> headers = JSON;
        if (provider.apiKeySecret() != null) {
            Optional<String> key = secrets.apply(provider.apiKeySecret());
            if (key.isEmpty()) {
                LOG.severe("Provider " + provider.name() + ": secret " + provider.apiKeySecret()
                        + " is not set; treating the call as unauthorised");
                return CompletableFuture.completedFuture(new UpstreamReply.HttpError(401, null,
                        "proxy: secret " + provider.apiKeySecret() + " is not set"));
            }
            headers = List.of(JSON.get(0), JSON.get(1), new OutboundRequest.Header("Authorization", "Bearer " + key.get()));
        }
        URI uri = endpoint(provider.baseUrl());
        HttpTransport transport = "https".equalsIgnoreCase(uri.getScheme()) ? tls : plain;
        CompletableFuture<UpstreamReply> reply = new CompletableFuture<>();
        if (call.streaming()) {
            StreamingAttempt attempt = new StreamingAttempt(call, reply, workers, timers, clock);
            attempt.arm();
            attempt.attach(transport.send(new OutboundRequest(uri, streamHeaders(headers), call.body()), attempt));
            return reply;
        }
        WholeResponse collector = new WholeResponse(call, reply, workers, clock);
        Exchange exchange = transport.send(new OutboundRequest(uri, headers, call.body()), collector);
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

    private static List<OutboundRequest.Header> streamHeaders(List<OutboundRequest.Header> headers) {
        List<OutboundRequest.Header> out = new java.util.ArrayList<>(headers);
        out.set(1, new OutboundRequest.Header("Accept", "text/event-stream"));
        return out;
    }

    private URI endpoint(URI baseUrl) {
        return endpoints.computeIfAbsent(baseUrl, b -> URI.create(b.toString() + "/chat/completions"));
    }
}
