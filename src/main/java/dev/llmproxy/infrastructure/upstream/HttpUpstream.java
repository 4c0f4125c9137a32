package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.Exchange;
import dev.llmproxy.infrastructure.upstream.http.HttpTransport;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.logging.Logger;

/**
 * Calls a provider's HTTP API for one operation without blocking, in the words of its {@link Wire}: plain-http
 * upstreams through the lean NIO transport, https through Jetty's client. The attempt timeout is a timer that aborts
 * the exchange, and cancelling the returned future aborts it too. Replies are completed on the worker executor, never
 * on an I/O thread.
 */
public final class HttpUpstream implements UpstreamPort {

    private static final Logger LOG = Logger.getLogger(HttpUpstream.class.getName());

    private final Wire wire;
    private final HttpTransport plain;
    private final HttpTransport tls;
    private final Executor workers;
    private final Timers timers;
    private final Clock clock;
    private final Credentials credentials;

    /**
     * @param plain   transport for http:// base URLs
     * @param tls     transport for https:// base URLs
     * @param credentials what each call carries to prove who sends it
     */
    public HttpUpstream(Wire wire, HttpTransport plain, HttpTransport tls, Executor workers, Timers timers,
                        Clock clock, Credentials credentials) {
        this.wire = wire;
        this.plain = plain;
        this.tls = tls;
        this.workers = workers;
        this.timers = timers;
        this.clock = clock;
        this.credentials = credentials;
    }

    @Override
    public CompletableFuture<UpstreamReply> send(UpstreamCall call) {
        UpstreamReply refused = wire.unsendable(call);
        if (refused != null) {
            return CompletableFuture.completedFuture(refused);
        }
        CompletableFuture<String> credential = credentials.of(call.provider());
        if (credential.isDone()) {
            return credential.isCompletedExceptionally() ? CompletableFuture.completedFuture(unauthorised(call, credential))
                    : send(call, credential.join());
        }
        // A token is being fetched: the attempt's time runs from now, and the attempt starts once it is here, with
        // what is left of that time.
        long started = clock.millis();
        CompletableFuture<UpstreamReply> reply = new CompletableFuture<>();
        ScheduledFuture<?> timer = timers.schedule(call.timeout(), () -> reply.complete(new UpstreamReply.Failed(
                FailureKind.NO_CREDENTIAL, "no credential for provider " + call.provider().name() + " in "
                + call.timeout().toMillis() + " ms")));
        credential.whenCompleteAsync((key, error) -> {
            timer.cancel(false);
            if (reply.isDone()) {
                return;
            }
            CompletableFuture<UpstreamReply> sent = error != null
                    ? CompletableFuture.completedFuture(unauthorised(call, credential))
                    : send(call.withTimeout(call.timeout().minusMillis(Math.max(0, clock.millis() - started))), key);
            sent.whenComplete((r, e) -> {
                if (e != null) {
                    reply.completeExceptionally(e);
                } else {
                    reply.complete(r);
                }
            });
            reply.whenComplete((r, e) -> {
                if (reply.isCancelled()) {
                    sent.cancel(false);
                }
            });
        }, workers);
        return reply;
    }

    /** A credential that cannot be had is the operator's to fix: no call, and nothing held against the model. */
    private static UpstreamReply unauthorised(UpstreamCall call, CompletableFuture<String> failed) {
        String why;
        try {
            failed.join();
            why = "no credential";
        } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            why = cause instanceof Credentials.Unavailable ? cause.getMessage() : HttpReplies.describe(cause);
        }
        LOG.severe("Provider " + call.provider().name() + ": " + why + "; the call is not made");
        return new UpstreamReply.Failed(FailureKind.NO_CREDENTIAL, why);
    }

    private CompletableFuture<UpstreamReply> send(UpstreamCall call, String key) {
        CompletableFuture<UpstreamReply> reply = exchange(call, key);
        if (key == null || !credentials.renewable()) {
            return reply;
        }
        // A refusal is recorded before anyone hears of the reply: the very next call (the chain's next model at the
        // same provider, in the same request) must not be given the token that was just refused.
        CompletableFuture<UpstreamReply> heard = reply.thenApply(r -> {
            if (r instanceof UpstreamReply.HttpError e && e.status() == 401) {
                credentials.refused(call.provider(), key);
            }
            return r;
        });
        heard.whenComplete((r, e) -> {
            if (heard.isCancelled()) {
                reply.cancel(false);
            }
        });
        return heard;
    }

    /** The provider may trace the call as part of the caller's trace (W3C Trace Context); unsigned by SigV4. */
    private static OutboundRequest traced(OutboundRequest request, String traceparent) {
        if (traceparent == null) {
            return request;
        }
        List<OutboundRequest.Header> headers = new ArrayList<>(request.headers());
        headers.add(new OutboundRequest.Header("traceparent", traceparent));
        return new OutboundRequest(request.uri(), headers, request.body());
    }

    private CompletableFuture<UpstreamReply> exchange(UpstreamCall call, String key) {
        OutboundRequest request = traced(wire.request(call, key), call.traceparent());
        HttpTransport transport = "https".equalsIgnoreCase(request.uri().getScheme()) ? tls : plain;
        CompletableFuture<UpstreamReply> reply = new CompletableFuture<>();
        if (call.streaming()) {
            if (!(wire instanceof ChatWire chat)) { // a door's slip, not an upstream outcome
                return CompletableFuture.failedFuture(new IllegalStateException("only a chat answer is streamed"));
            }
            StreamingAttempt attempt = new StreamingAttempt(call, chat, reply, workers, timers, clock);
            attempt.arm();
            attempt.attach(transport.send(request, QuotaListener.around(attempt, call, clock)));
            return reply;
        }
        WholeResponse collector = new WholeResponse(call, wire, reply, workers, clock);
        Exchange exchange = transport.send(request, QuotaListener.around(collector, call, clock));
        collector.attach(exchange);
        ScheduledFuture<?> timer = timers.schedule(call.timeout(), () -> {
            if (reply.complete(new UpstreamReply.Failed(FailureKind.ANSWER_TIMEOUT,
                    "no answer in " + call.timeout().toMillis() + " ms"))) {
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
