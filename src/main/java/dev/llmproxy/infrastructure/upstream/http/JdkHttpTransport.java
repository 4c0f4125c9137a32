package dev.llmproxy.infrastructure.upstream.http;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLContext;

/**
 * The transport for {@code https://} upstreams (TLS and HTTP/2 negotiation are the JDK client's job). Over the
 * network to a hosted provider its per-exchange overhead is noise next to the round trip.
 */
public final class JdkHttpTransport implements HttpTransport {

    private final HttpClient client;

    public JdkHttpTransport(Executor executor) {
        this(executor, defaultTls());
    }

    /** @param tls whom to trust: the JDK's default, or (in tests) exactly one test certificate */
    public JdkHttpTransport(Executor executor, SSLContext tls) {
        this.client = HttpClient.newBuilder()
                .sslContext(tls)
                .connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NEVER)
                .executor(executor)
                .build();
    }

    private static SSLContext defaultTls() {
        try {
            return SSLContext.getDefault();
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("no default TLS context", e);
        }
    }

    @Override
    public Exchange send(OutboundRequest request, ResponseListener listener) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(request.uri())
                .POST(HttpRequest.BodyPublishers.ofByteArray(request.body()));
        for (OutboundRequest.Header h : request.headers()) {
            builder.header(h.name(), h.value());
        }
        Relay relay = new Relay(listener);
        CompletableFuture<HttpResponse<Void>> future = client.sendAsync(builder.build(), relay);
        future.whenComplete((r, e) -> {
            if (e != null) {
                Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
                relay.fail(cause instanceof IOException io ? io : new IOException(cause));
            }
        });
        return new Exchange() {
            @Override
            public void abort() {
                relay.aborted.set(true);
                future.cancel(true);
                relay.cancelSubscription();
            }

            @Override
            public void pause() {
                relay.paused.set(true);
            }

            @Override
            public void resume() {
                relay.resume();
            }
        };
    }

    @Override
    public void close() {
        // The JDK client has no close before Java 21; its threads are daemons and idle connections time out.
    }

    /** Adapts the JDK's body subscriber protocol to a {@link ResponseListener}. */
    private static final class Relay implements HttpResponse.BodyHandler<Void>, HttpResponse.BodySubscriber<Void> {
        private final ResponseListener listener;
        private final AtomicBoolean aborted = new AtomicBoolean();
        private final AtomicBoolean finished = new AtomicBoolean();
        private final AtomicBoolean paused = new AtomicBoolean();
        private final AtomicBoolean demandOwed = new AtomicBoolean();
        private final CompletableFuture<Void> body = new CompletableFuture<>();
        private volatile ResponseHead head;
        private volatile Flow.Subscription subscription;

        Relay(ResponseListener listener) {
            this.listener = listener;
        }

        @Override
        public HttpResponse.BodySubscriber<Void> apply(HttpResponse.ResponseInfo info) {
            Map<String, String> headers = new HashMap<>();
            info.headers().map().forEach((name, values) ->
                    headers.put(name.toLowerCase(Locale.ROOT), String.join(", ", values)));
            head = new ResponseHead(info.statusCode(), headers);
            if (!aborted.get()) {
                listener.onHead(head);
            }
            return this;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            if (!aborted.get()) {
                items.forEach(listener::onData);
            }
            // One batch at a time, so that a paused stream stops asking for more.
            demandOwed.set(true);
            if (!paused.get() && demandOwed.compareAndSet(true, false)) {
                subscription.request(1);
            }
        }

        void resume() {
            paused.set(false);
            Flow.Subscription s = subscription;
            if (s != null && demandOwed.compareAndSet(true, false)) {
                s.request(1);
            }
        }

        @Override
        public void onError(Throwable t) {
            fail(t instanceof IOException io ? io : new IOException(t));
            body.completeExceptionally(t);
        }

        @Override
        public void onComplete() {
            if (finished.compareAndSet(false, true) && !aborted.get()) {
                listener.onEnd();
            }
            body.complete(null);
        }

        @Override
        public CompletionStage<Void> getBody() {
            return body;
        }

        void fail(IOException e) {
            if (finished.compareAndSet(false, true) && !aborted.get()) {
                listener.onFailure(e, head);
            }
        }

        void cancelSubscription() {
            Flow.Subscription s = subscription;
            if (s != null) {
                s.cancel();
            }
        }
    }
}
