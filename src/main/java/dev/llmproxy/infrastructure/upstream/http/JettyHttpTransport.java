package dev.llmproxy.infrastructure.upstream.http;

import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;

/**
 * The transport for {@code https://} upstreams, on Eclipse Jetty's {@link HttpClient}: TLS, pooled keep-alive
 * connections, and content delivered on demand, so that a paused exchange stops reading its socket.
 */
public final class JettyHttpTransport implements HttpTransport {

    private final HttpClient client;

    /** Trusting the JDK's CA set ({@link OutboundTrust}), never the server's default SSL context. */
    public JettyHttpTransport(String threadName) {
        this(threadName, OutboundTrust.of(null, null).context());
    }

    /**
     * @param threadName names the client's own threads: its selector blocks one, so it cannot share a worker pool
     * @param tls        whom to trust: the deployment's {@link OutboundTrust}, or (in tests) one test certificate
     */
    public JettyHttpTransport(String threadName, SSLContext tls) {
        SslContextFactory.Client ssl = new SslContextFactory.Client();
        ssl.setSslContext(tls);
        QueuedThreadPool threads = new QueuedThreadPool(64, 2);
        threads.setName(threadName);
        threads.setDaemon(true);
        ClientConnector connector = new ClientConnector();
        connector.setSslContextFactory(ssl);
        connector.setExecutor(threads);
        client = new HttpClient(new HttpClientTransportOverHTTP(connector));
        client.setExecutor(threads);
        client.setFollowRedirects(false);
        client.setConnectTimeout(10_000);
        // The proxy sets its own headers; Jetty's User-Agent would tell every provider what the proxy runs on.
        client.setUserAgentField(null);
        try {
            client.start();
        } catch (Exception e) {
            throw new IllegalStateException("could not start the https client", e);
        }
    }

    @Override
    public Exchange send(OutboundRequest outbound, ResponseListener listener) {
        Request request = client.newRequest(outbound.uri()).method(HttpMethod.POST)
                .body(new BytesRequestContent(outbound.body()));
        request.headers(h -> outbound.headers().forEach(header -> h.put(header.name(), header.value())));
        Relay relay = new Relay(listener);
        request.send(relay);
        return new Exchange() {
            @Override
            public void abort() {
                relay.aborted.set(true);
                request.abort(new IOException("aborted by the proxy"));
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
        try {
            client.stop();
        } catch (Exception e) {
            // stopping: nothing left to do about it
        }
    }

    /** Adapts Jetty's response events to a {@link ResponseListener}; demand is withheld while paused. */
    private static final class Relay implements Response.Listener {
        private final ResponseListener listener;
        private final AtomicBoolean aborted = new AtomicBoolean();
        private final AtomicBoolean paused = new AtomicBoolean();
        private final AtomicReference<Runnable> owed = new AtomicReference<>();
        private volatile ResponseHead head;

        Relay(ResponseListener listener) {
            this.listener = listener;
        }

        @Override
        public void onHeaders(Response response) {
            Map<String, String> headers = new HashMap<>();
            for (HttpField field : response.getHeaders()) {
                headers.merge(field.getName().toLowerCase(Locale.ROOT), field.getValue(), (a, b) -> a + ", " + b);
            }
            head = new ResponseHead(response.getStatus(), headers);
            if (!aborted.get()) {
                listener.onHead(head);
            }
        }

        @Override
        public void onContent(Response response, Content.Chunk chunk, Runnable demander) {
            if (!aborted.get() && chunk.hasRemaining()) {
                listener.onData(chunk.getByteBuffer());
            }
            // One chunk at a time, so that a paused exchange stops asking for more.
            owed.set(demander);
            if (!paused.get()) {
                demandOwed();
            }
        }

        void resume() {
            paused.set(false);
            demandOwed();
        }

        private void demandOwed() {
            Runnable demand = owed.getAndSet(null);
            if (demand != null) {
                demand.run();
            }
        }

        @Override
        public void onComplete(Result result) {
            if (aborted.get()) {
                return;
            }
            if (result.isFailed()) {
                Throwable t = result.getFailure();
                listener.onFailure(t instanceof IOException io ? io : new IOException(t), head);
            } else {
                listener.onEnd();
            }
        }
    }
}
