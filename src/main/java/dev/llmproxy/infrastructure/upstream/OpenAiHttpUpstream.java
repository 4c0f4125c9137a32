package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.config.Provider;
import dev.llmproxy.domain.routing.FailureKind;
import dev.llmproxy.domain.routing.UpstreamCall;
import dev.llmproxy.domain.routing.UpstreamPort;
import dev.llmproxy.domain.routing.UpstreamReply;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Calls an OpenAI-compatible {@code /chat/completions} without blocking: the JDK client's async API over
 * keep-alive HTTP/1.1 connections, the attempt timeout enforced by a timer that aborts the exchange, and
 * cancellation of the returned future aborting it too.
 */
public final class OpenAiHttpUpstream implements UpstreamPort {

    private static final Logger LOG = Logger.getLogger(OpenAiHttpUpstream.class.getName());
    private static final int EXCERPT = 2000;

    private final HttpClient client;
    private final Timers timers;
    private final Clock clock;
    private final Function<String, Optional<String>> secrets;
    private final ConcurrentMap<URI, URI> endpoints = new ConcurrentHashMap<>();

    /** @param secrets resolves a secret's name to its value (never logged) */
    public OpenAiHttpUpstream(Executor workers, Timers timers, Clock clock, Function<String, Optional<String>> secrets) {
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NEVER)
                .executor(workers)
                .build();
        this.timers = timers;
        this.clock = clock;
        this.secrets = secrets;
    }

    @Override
    public CompletableFuture<UpstreamReply> send(UpstreamCall call) {
        Provider provider = call.provider();
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint(provider.baseUrl()))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(call.body()));
        if (provider.apiKeySecret() != null) {
            Optional<String> key = secrets.apply(provider.apiKeySecret());
            if (key.isEmpty()) {
                LOG.severe("Provider " + provider.name() + ": secret " + provider.apiKeySecret()
                        + " is not set; treating the call as unauthorised");
                return CompletableFuture.completedFuture(new UpstreamReply.HttpError(401, null,
                        "proxy: secret " + provider.apiKeySecret() + " is not set"));
            }
            request.header("Authorization", "Bearer " + key.get());
        }
        CompletableFuture<UpstreamReply> reply = new CompletableFuture<>();
        CompletableFuture<HttpResponse<byte[]>> exchange =
                client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        ScheduledFuture<?> timer = timers.schedule(call.timeout(), () -> {
            if (reply.complete(new UpstreamReply.Failed(FailureKind.TIMEOUT, "no answer in " + call.timeout().toMillis() + " ms"))) {
                exchange.cancel(true);
            }
        });
        exchange.whenComplete((response, error) -> {
            if (reply.isDone()) {
                return;
            }
            reply.complete(error != null ? failure(error, call) : toReply(response, call));
        });
        reply.whenComplete((r, e) -> {
            timer.cancel(false);
            if (reply.isCancelled()) {
                exchange.cancel(true);
            }
        });
        return reply;
    }

    private URI endpoint(URI baseUrl) {
        return endpoints.computeIfAbsent(baseUrl, b -> URI.create(b.toString() + "/chat/completions"));
    }

    private UpstreamReply toReply(HttpResponse<byte[]> response, UpstreamCall call) {
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            return CompletionParser.parse(response.body(), call.model().upstreamModel());
        }
        String excerpt = excerpt(response.body());
        // Provider internals stay in the server log; the client never sees them.
        LOG.warning("Upstream " + call.provider().name() + "/" + call.model().upstreamModel() + " answered HTTP "
                + status + " for request " + call.requestId() + ": " + excerpt);
        Duration retryAfter = RetryAfter.parse(response.headers().firstValue("Retry-After").orElse(null), clock);
        return new UpstreamReply.HttpError(status, retryAfter, excerpt);
    }

    private static UpstreamReply failure(Throwable error, UpstreamCall call) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof CancellationException) {
            return new UpstreamReply.Failed(FailureKind.RESET, "cancelled");
        }
        if (cause instanceof HttpConnectTimeoutException || cause instanceof ConnectException) {
            return new UpstreamReply.Failed(FailureKind.CONNECT, describe(cause));
        }
        if (cause instanceof HttpTimeoutException) {
            return new UpstreamReply.Failed(FailureKind.TIMEOUT, describe(cause));
        }
        if (cause instanceof IOException) {
            return new UpstreamReply.Failed(FailureKind.RESET, describe(cause));
        }
        LOG.log(Level.SEVERE, "Unexpected failure calling " + call.provider().name() + " for " + call.requestId(), cause);
        return new UpstreamReply.Failed(FailureKind.RESET, describe(cause));
    }

    private static String describe(Throwable t) {
        String message = t.getMessage();
        return t.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    private static String excerpt(byte[] body) {
        String s = new String(body, 0, Math.min(body.length, EXCERPT), StandardCharsets.UTF_8);
        return s.replaceAll("\\s+", " ");
    }
}
