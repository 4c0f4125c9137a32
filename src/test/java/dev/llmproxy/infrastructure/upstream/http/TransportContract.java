package dev.llmproxy.infrastructure.upstream.http;

import dev.llmproxy.testing.FaultUpstream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static dev.llmproxy.testing.FaultUpstream.ok;
import static dev.llmproxy.testing.FaultUpstream.raw;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What every upstream transport must do, whatever it speaks (plain http through our NIO client, https through the
 * JDK's): each subclass runs these against a fake upstream of its scheme that misbehaves on purpose.
 */
abstract class TransportContract {

    protected FaultUpstream upstream;
    protected HttpTransport transport;

    abstract FaultUpstream newUpstream() throws Exception;

    abstract HttpTransport newTransport() throws Exception;

    abstract String scheme();

    /** How much body may still arrive once an exchange is paused (what the transport had already read). */
    long arrivingWhilePaused() {
        return 1024 * 1024;
    }

    @BeforeEach
    void start() throws Exception {
        upstream = newUpstream();
        transport = newTransport();
    }

    @AfterEach
    void stop() throws Exception {
        transport.close();
        upstream.close();
    }

    protected RecordingListener post(String model) throws Exception {
        RecordingListener l = new RecordingListener();
        transport.send(request(model), l);
        return l.done.get(10, TimeUnit.SECONDS);
    }

    protected OutboundRequest request(String model) {
        byte[] body = ("{\"model\":\"" + model + "\"}").getBytes(StandardCharsets.UTF_8);
        return new OutboundRequest(URI.create(upstream.baseUrl() + "/chat/completions"),
                List.of(new OutboundRequest.Header("Authorization", "Bearer k")), body);
    }

    @Test
    void anAnswerArrivesWithItsStatusAndBodyAndTheRequestItsHeaders() throws Exception {
        upstream.on("m", ok());
        RecordingListener l = post("m");
        assertThat(l.failure).isNull();
        assertThat(l.head.status()).isEqualTo(200);
        assertThat(l.bodyText()).contains("answer from m");
        assertThat(l.ends).isEqualTo(1);
        assertThat(upstream.authorizations("m")).containsOnly("Bearer k");
    }

    @Test
    void chunkedBodyArrivesDechunked() throws Exception {
        upstream.on("c", raw("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n", true));
        RecordingListener l = post("c");
        assertThat(l.bodyText()).isEqualTo("abcde");
        assertThat(l.ends).isEqualTo(1);
    }

    @Test
    void abortClosesTheConnectionAndSilencesTheListener() throws Exception {
        upstream.on("h", upstream.hang());
        RecordingListener l = new RecordingListener();
        Exchange e = transport.send(request("h"), l);
        await().atMost(Duration.ofSeconds(5)).until(() -> upstream.calls("h") == 1);
        e.abort();
        await().atMost(Duration.ofSeconds(5)).until(() -> upstream.hangsAbandonedByClient() == 1);
        assertThat(l.done).isNotDone();
    }

    @Test
    void refusedConnectionFailsWithConnectException() throws Exception {
        int closedPort;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        RecordingListener l = new RecordingListener();
        transport.send(new OutboundRequest(URI.create(scheme() + "://127.0.0.1:" + closedPort + "/v1"), List.of(),
                new byte[0]), l);
        l.done.get(10, TimeUnit.SECONDS);
        assertThat(l.failure).isInstanceOf(ConnectException.class);
        assertThat(l.head).isNull();
    }

    @Test
    void aCutBodyFailsWithTheHeadKnownAndNeverEnds() throws Exception {
        upstream.on("cut", FaultUpstream.cutBody());
        RecordingListener l = post("cut");
        assertThat(l.failure).isNotNull();
        assertThat(l.head.status()).isEqualTo(200);
        assertThat(l.ends).isZero();
    }

    @Test
    void aResetBeforeAnyAnswerFailsWithoutAHead() throws Exception {
        upstream.on("r", FaultUpstream.reset());
        RecordingListener l = post("r");
        assertThat(l.failure).isNotNull();
        assertThat(l.head).isNull();
    }

    @Test
    void aPausedExchangeHoldsTheRestOfTheBodyUntilResumed() throws Exception {
        int size = 4_000_000;
        String big = "x".repeat(size);
        upstream.on("big", upstream.delayed(200, raw("HTTP/1.1 200 OK\r\nContent-Length: " + size + "\r\n\r\n" + big, true)));
        AtomicReference<Exchange> exchange = new AtomicReference<>();
        AtomicLong received = new AtomicLong();
        RecordingListener l = new RecordingListener() {
            @Override
            public synchronized void onData(java.nio.ByteBuffer data) {
                if (received.getAndAdd(data.remaining()) == 0) {
                    exchange.get().pause();
                }
                data.position(data.limit());
            }
        };
        exchange.set(transport.send(request("big"), l));
        await().atMost(Duration.ofSeconds(5)).until(() -> received.get() > 0);
        long whilePaused = received.get();
        // paused: the body stops arriving, far short of its end, for as long as we watch
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2))
                .until(() -> received.get() <= whilePaused + arrivingWhilePaused());
        assertThat(l.failure).isNull();
        assertThat(l.done).isNotDone();
        exchange.get().resume();
        l.done.get(10, TimeUnit.SECONDS);
        assertThat(received.get()).isEqualTo(size);
    }

    @Test
    void concurrentRequestsAllComplete() throws Exception {
        upstream.on("p", ok());
        List<RecordingListener> listeners = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            RecordingListener l = new RecordingListener();
            listeners.add(l);
            transport.send(request("p"), l);
        }
        for (RecordingListener l : listeners) {
            l.done.get(20, TimeUnit.SECONDS);
            assertThat(l.failure).isNull();
            assertThat(l.head.status()).isEqualTo(200);
        }
        assertThat(upstream.calls("p")).isEqualTo(32);
    }
}
