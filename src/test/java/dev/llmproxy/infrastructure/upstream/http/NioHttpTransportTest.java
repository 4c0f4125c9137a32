package dev.llmproxy.infrastructure.upstream.http;

import dev.llmproxy.testing.FaultUpstream;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.llmproxy.testing.FaultUpstream.ok;
import static dev.llmproxy.testing.FaultUpstream.okThenClose;
import static dev.llmproxy.testing.FaultUpstream.raw;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The plain-http transport: the contract, and what its own connection pool must do. */
class NioHttpTransportTest extends TransportContract {

    @Override
    FaultUpstream newUpstream() throws Exception {
        return new FaultUpstream(0);
    }

    @Override
    HttpTransport newTransport() {
        return new NioHttpTransport("test-io");
    }

    @Override
    String scheme() {
        return "http";
    }

    /** It stops reading the socket at once: at most what one read buffer held. */
    @Override
    long arrivingWhilePaused() {
        return 64 * 1024;
    }

    private NioHttpTransport nio() {
        return (NioHttpTransport) transport;
    }

    @Test
    void sequentialRequestsReuseOneConnection() throws Exception {
        upstream.on("m", ok());
        for (int i = 0; i < 5; i++) {
            RecordingListener l = post("m");
            assertThat(l.failure).isNull();
            assertThat(l.head.status()).isEqualTo(200);
            assertThat(l.bodyText()).contains("answer from m");
        }
        assertThat(upstream.connectionsAccepted()).isEqualTo(1);
        assertThat(upstream.authorizations("m")).containsOnly("Bearer k");
    }

    @Test
    void aConnectionTheServerClosedWhileIdleIsNotReused() throws Exception {
        upstream.on("x", okThenClose());
        for (int i = 0; i < 3; i++) {
            // The pooled connection is idle and the server has closed it (on loopback its FIN is already here).
            int closedSoFar = i;
            await().atMost(Duration.ofSeconds(5)).until(() -> upstream.connectionsClosed() == closedSoFar);
            RecordingListener l = post("x");
            assertThat(l.failure).as("request %d", i).isNull();
            assertThat(l.head.status()).isEqualTo(200);
        }
        assertThat(upstream.connectionsAccepted()).isEqualTo(3);
    }

    @Test
    void aPooledConnectionClosedAsItIsReusedIsResentOnceOnANewOne() throws Exception {
        upstream.on("stale", ok(), FaultUpstream.closeWithoutAnswer(), ok());
        assertThat(post("stale").head.status()).isEqualTo(200);
        RecordingListener l = post("stale"); // written on the pooled connection, which the upstream closes unanswered
        assertThat(l.failure).isNull();
        assertThat(l.head.status()).isEqualTo(200);
        assertThat(upstream.calls("stale")).isEqualTo(3);
        assertThat(upstream.connectionsAccepted()).isEqualTo(2);
    }

    @Test
    void aNewConnectionClosedUnansweredIsAFailureNotResent() throws Exception {
        upstream.on("gone", FaultUpstream.closeWithoutAnswer(), ok());
        RecordingListener l = post("gone");
        assertThat(l.failure).hasMessageContaining("closed before a response");
        assertThat(upstream.calls("gone")).isEqualTo(1);
    }

    @Test
    void aPooledConnectionIsResentOnlyOnce() throws Exception {
        upstream.on("twice", ok(), FaultUpstream.closeWithoutAnswer(), FaultUpstream.closeWithoutAnswer(), ok());
        post("twice");
        RecordingListener l = post("twice");
        assertThat(l.failure).hasMessageContaining("closed before a response");
        assertThat(upstream.calls("twice")).isEqualTo(3);
    }

    @Test
    void anIdleConnectionIsGivenUpBeforeTheUpstreamsKeepAliveTimeout() throws Exception {
        upstream.on("ka", raw("HTTP/1.1 200 OK\r\nKeep-Alive: timeout=1\r\nContent-Length: 2\r\n\r\nok", true));
        post("ka");
        String origin = "127.0.0.1:" + upstream.port();
        await().atMost(Duration.ofSeconds(5)).until(() -> nio().idleConnections(origin) == 1); // pooled after the end
        // held for less than the upstream's second, then dropped by the pool's sweep
        await().atMost(Duration.ofSeconds(5)).until(() -> nio().idleConnections(origin) == 0);
        post("ka");
        assertThat(upstream.connectionsAccepted()).isEqualTo(2);
    }

    @Test
    void keepAliveTimeoutsAreReadAndLeaveAMargin() {
        assertThat(KeepAlive.timeoutSeconds("timeout=5, max=100")).isEqualTo(5);
        assertThat(KeepAlive.timeoutSeconds("max=100")).isEqualTo(-1);
        assertThat(KeepAlive.timeoutSeconds("timeout=soon")).isEqualTo(-1);
        assertThat(KeepAlive.timeoutSeconds(null)).isEqualTo(-1);
        assertThat(KeepAlive.idleLimitNanos(5, 30_000_000_000L)).isEqualTo(4_500_000_000L);
        assertThat(KeepAlive.idleLimitNanos(60, 30_000_000_000L)).isEqualTo(30_000_000_000L);
        assertThat(KeepAlive.idleLimitNanos(0, 30_000_000_000L)).isZero();
        assertThat(KeepAlive.idleLimitNanos(-1, 30_000_000_000L)).isEqualTo(30_000_000_000L);
    }

    @Test
    void cutBodyFailsWithTheHeadKnown() throws Exception {
        upstream.on("cut", FaultUpstream.cutBody());
        RecordingListener l = post("cut");
        assertThat(l.failure).hasMessageContaining("incomplete");
        assertThat(l.ends).isZero();
    }

    @Test
    void callersOnManyThreadsShareThePoolWithoutCrossedAnswers() throws Exception {
        for (int m = 0; m < 8; m++) {
            upstream.on("t" + m, ok());
        }
        ExecutorService callers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                String model = "t" + t;
                done.add(callers.submit(() -> {
                    for (int i = 0; i < 100; i++) {
                        RecordingListener l = post(model);
                        assertThat(l.failure).isNull();
                        assertThat(l.bodyText()).contains("answer from " + model);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            callers.shutdownNow();
        }
        for (int m = 0; m < 8; m++) {
            assertThat(upstream.calls("t" + m)).isEqualTo(100);
        }
        // 800 exchanges, at most 8 at a time: pooled connections were reused, not opened per request.
        assertThat(upstream.connectionsAccepted()).isLessThanOrEqualTo(16);
    }

    @Test
    void aRequestTooLargeToWriteAtOnceIsFinishedOnThePooledConnection() throws Exception {
        upstream.on("big", ok());
        assertThat(post("big").failure).isNull(); // leaves one idle connection in the pool
        String filler = "x".repeat(8 * 1024 * 1024);
        byte[] body = ("{\"model\":\"big\",\"filler\":\"" + filler + "\"}").getBytes(StandardCharsets.UTF_8);
        RecordingListener l = new RecordingListener();
        transport.send(new OutboundRequest(URI.create(upstream.baseUrl() + "/chat/completions"), List.of(), body), l);
        l.done.get(10, TimeUnit.SECONDS);
        assertThat(l.failure).isNull();
        assertThat(l.bodyText()).contains("answer from big");
        assertThat(upstream.connectionsAccepted()).isEqualTo(1);
        assertThat(upstream.lastBody("big")).hasSize(body.length);
    }
}
