package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.routing.Sleeper;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** A body's memory grows with the bytes that arrive, not with the length a client claims. */
class BodyReaderTest {

    /** Bytes the client has sent so far; ready while any are left. */
    static final class Trickle extends ServletInputStream {
        final Deque<byte[]> chunks = new ArrayDeque<>();
        boolean ended;
        ReadListener listener;

        @Override public boolean isFinished() { return ended && chunks.isEmpty(); }
        @Override public boolean isReady() { return !chunks.isEmpty(); }
        @Override public void setReadListener(ReadListener l) { listener = l; }
        @Override public int read() { throw new UnsupportedOperationException(); }
        @Override public int read(byte[] b, int off, int len) {
            if (chunks.isEmpty()) {
                return ended ? -1 : 0;
            }
            byte[] next = chunks.poll();
            int n = Math.min(len, next.length);
            System.arraycopy(next, 0, b, off, n);
            if (n < next.length) {
                chunks.addFirst(java.util.Arrays.copyOfRange(next, n, next.length));
            }
            return n;
        }
    }

    private static HttpServletRequest declaring(long length, Trickle in) {
        return (HttpServletRequest) Proxy.newProxyInstance(BodyReaderTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getContentLengthLong" -> length;
                    case "getInputStream" -> in;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void aDeclaredLengthReservesNothingUntilTheBytesCome() throws Exception {
        Trickle in = new Trickle();
        AtomicReference<byte[]> body = new AtomicReference<>();
        BodyReader reader = BodyReader.read(declaring(8_000_000, in), 10_000_000, new BodyReader.Handler() {
            @Override public void body(byte[] b) { body.set(b); }
            @Override public void failed(ProxyError error) { throw new AssertionError(error.message()); }
        });
        assertThat(reader.reserved()).isLessThanOrEqualTo(16_384);
        in.chunks.add(new byte[40_000]);
        in.listener.onDataAvailable();
        assertThat(reader.reserved()).isBetween(40_000, 65_536);
        in.chunks.add("}".getBytes());
        in.ended = true;
        in.listener.onDataAvailable();
        in.listener.onAllDataRead();
        assertThat(body.get()).hasSize(40_001);
    }

    @Test
    void aBodyThatArrivesLetsItsDeadlineGoAtOnceAndOneThatDoesNotIsATimeout() throws Exception {
        List<CompletableFuture<Void>> deadlines = new ArrayList<>();
        Sleeper sleeper = d -> {
            CompletableFuture<Void> deadline = new CompletableFuture<>();
            deadlines.add(deadline);
            return deadline;
        };
        Trickle in = new Trickle();
        AtomicReference<byte[]> body = new AtomicReference<>();
        BodyReader reader = BodyReader.read(declaring(3, in), 100, new BodyReader.Handler() {
            @Override public void body(byte[] b) { body.set(b); }
            @Override public void failed(ProxyError error) { throw new AssertionError(error.message()); }
        });
        reader.expireAfter(Duration.ofSeconds(30), sleeper);
        assertThat(deadlines.get(0)).isNotDone();
        in.chunks.add("{}\n".getBytes());
        in.ended = true;
        in.listener.onDataAvailable();
        in.listener.onAllDataRead();
        assertThat(body.get()).hasSize(3);
        assertThat(deadlines.get(0)).as("the sleeper may drop the timer, and the exchange with it").isDone();

        Trickle slow = new Trickle();
        AtomicReference<ProxyError> failed = new AtomicReference<>();
        BodyReader late = BodyReader.read(declaring(3, slow), 100, new BodyReader.Handler() {
            @Override public void body(byte[] b) { throw new AssertionError("no body was sent"); }
            @Override public void failed(ProxyError error) { failed.set(error); }
        });
        late.expireAfter(Duration.ofMillis(250), sleeper);
        deadlines.get(1).complete(null); // the deadline passes
        assertThat(failed.get().kind()).isEqualTo(ErrorKind.REQUEST_TIMEOUT);
        assertThat(failed.get().message()).contains("250 ms");
    }
}
