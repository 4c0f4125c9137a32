package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.config.Provider;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.Exchange;
import dev.llmproxy.infrastructure.upstream.http.HttpTransport;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import dev.llmproxy.infrastructure.upstream.http.ResponseListener;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
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
 * transport, https through the JDK client. The attempt timeout is a timer that aborts the exchange, and cancelling
 * the returned future aborts it too. Replies are completed on the worker executor, never on an I/O thread.
 */
public final class OpenAiHttpUpstream implements UpstreamPort {

    private static final Logger LOG = Logger.getLogger(OpenAiHttpUpstream.class.getName());
    private static final int EXCERPT = 2000;
    /** A completion (or error body) larger than this in one piece is not a completion. */
    static final int MAX_BODY = 32 * 1024 * 1024;
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
        Collector collector = new Collector(call, reply);
        Exchange exchange = transport.send(new OutboundRequest(uri, headers, call.body()), collector);
        collector.exchange = exchange;
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

    /** Gathers a whole response; the verdict is reached on a worker thread. */
    private final class Collector implements ResponseListener {
        private final UpstreamCall call;
        private final CompletableFuture<UpstreamReply> reply;
        private ByteArrayOutputStream body;
        private ResponseHead head;
        volatile Exchange exchange;

        Collector(UpstreamCall call, CompletableFuture<UpstreamReply> reply) {
            this.call = call;
            this.reply = reply;
        }

        @Override
        public void onHead(ResponseHead head) {
            this.head = head;
            String length = head.header("content-length");
            int expected = 1024;
            if (length != null) {
                try {
                    expected = (int) Math.min(MAX_BODY, Math.max(0, Long.parseLong(length.trim())));
                } catch (NumberFormatException ignored) {
                    // the parser has already rejected it
                }
            }
            body = new ByteArrayOutputStream(expected);
        }

        @Override
        public void onData(ByteBuffer data) {
            if (body.size() + data.remaining() > MAX_BODY) {
                Exchange e = exchange;
                if (e != null) {
                    e.abort();
                }
                finish(new UpstreamReply.Failed(FailureKind.MALFORMED, "response body larger than " + MAX_BODY + " bytes"));
                return;
            }
            append(body, data);
        }

        @Override
        public void onEnd() {
            byte[] bytes = body.toByteArray();
            workers.execute(() -> {
                if (!reply.isDone()) {
                    reply.complete(toReply(head, bytes));
                }
            });
        }

        @Override
        public void onFailure(IOException error, ResponseHead head) {
            if (head == null) {
                finish(connectionFailure(error));
            } else if (head.isSuccess()) {
                finish(new UpstreamReply.Failed(FailureKind.MALFORMED, "body cut short: " + describe(error)));
            } else {
                byte[] partial = body == null ? new byte[0] : body.toByteArray();
                workers.execute(() -> reply.complete(httpError(call, head, partial, clock)));
            }
        }

        private void finish(UpstreamReply r) {
            workers.execute(() -> reply.complete(r));
        }

        private UpstreamReply toReply(ResponseHead head, byte[] bytes) {
            if (head.isSuccess()) {
                return CompletionParser.parse(bytes, call.model().upstreamModel());
            }
            return httpError(call, head, bytes, clock);
        }
    }

    /** Copies a transport's buffer (valid only during its callback) into the body gathered so far. */
    static void append(ByteArrayOutputStream body, ByteBuffer data) {
        if (data.hasArray()) {
            body.write(data.array(), data.arrayOffset() + data.position(), data.remaining());
            data.position(data.limit());
        } else {
            byte[] copy = new byte[data.remaining()];
            data.get(copy);
            body.write(copy, 0, copy.length);
        }
    }

    /** A failure before any response: refused (or unreachable) is CONNECT, anything else a reset. */
    static UpstreamReply.Failed connectionFailure(IOException error) {
        boolean connect = error instanceof ConnectException || error instanceof HttpConnectTimeoutException;
        return new UpstreamReply.Failed(connect ? FailureKind.CONNECT : FailureKind.RESET, describe(error));
    }

    static UpstreamReply.HttpError httpError(UpstreamCall call, ResponseHead head, byte[] bytes, Clock clock) {
        String excerpt = excerpt(bytes);
        // Provider internals stay in the server log; the client never sees them.
        LOG.warning("Upstream " + call.provider().name() + "/" + call.model().upstreamModel() + " answered HTTP "
                + head.status() + " for request " + call.requestId() + ": " + excerpt);
        Duration retryAfter = RetryAfter.parse(head.header("retry-after"), clock);
        return new UpstreamReply.HttpError(head.status(), retryAfter, excerpt);
    }

    static String describe(Throwable t) {
        String message = t.getMessage();
        return t.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    private static String excerpt(byte[] body) {
        String s = new String(body, 0, Math.min(body.length, EXCERPT), StandardCharsets.UTF_8);
        return s.replaceAll("\\s+", " ");
    }
}
