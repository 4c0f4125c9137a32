package dev.llmproxy.infrastructure.upstream.http;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResponseParserTest {

    private final RecordingListener listener = new RecordingListener();
    private final ResponseParser parser = new ResponseParser(listener);

    /** Feeds the text in pieces of {@code step} bytes, as a socket might deliver it, keeping unconsumed bytes. */
    private boolean feed(String text, int step) throws IOException {
        return feed(parser, text, step);
    }

    private static boolean feed(ResponseParser parser, String text, int step) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer buf = ByteBuffer.allocate(bytes.length + 16);
        boolean done = false;
        for (int i = 0; i < bytes.length; i += step) {
            buf.put(bytes, i, Math.min(step, bytes.length - i));
            buf.flip();
            done = parser.feed(buf);
            buf.compact();
        }
        return done;
    }

    @Test
    void contentLengthBodyDeliveredWhateverTheSplit() throws IOException {
        for (int step : new int[]{1, 3, 7, 1000}) {
            RecordingListener l = new RecordingListener();
            ResponseParser p = new ResponseParser(l);
            boolean done = feed(p, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-A: 1\r\n\r\nhello", step);
            assertThat(done).as("step %d", step).isTrue();
            assertThat(l.head.status()).isEqualTo(200);
            assertThat(l.head.header("x-a")).isEqualTo("1");
            assertThat(l.bodyText()).isEqualTo("hello");
            assertThat(l.ends).isEqualTo(1);
            assertThat(p.keepAlive()).isTrue();
        }
    }

    @Test
    void chunkedBodyWithExtensionsAndTrailers() throws IOException {
        boolean done = feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;ext=1\r\nhello\r\n1\r\n \r\n5\r\nworld\r\n0\r\nTrailer: x\r\n\r\n", 2);
        assertThat(done).isTrue();
        assertThat(listener.bodyText()).isEqualTo("hello world");
        assertThat(parser.keepAlive()).isTrue();
    }

    @Test
    void bodyUntilCloseEndsAtEndOfStreamAndIsNotReusable() throws IOException {
        assertThat(feed("HTTP/1.0 200 OK\r\n\r\nall of it", 4)).isFalse();
        parser.endOfStream();
        assertThat(listener.bodyText()).isEqualTo("all of it");
        assertThat(listener.ends).isEqualTo(1);
        assertThat(parser.keepAlive()).isFalse();
    }

    @Test
    void interimResponseIsSkipped() throws IOException {
        assertThat(feed("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 503 No\r\nContent-Length: 0\r\nRetry-After: 3\r\n\r\n", 5)).isTrue();
        assertThat(listener.head.status()).isEqualTo(503);
        assertThat(listener.head.header("retry-after")).isEqualTo("3");
    }

    @Test
    void connectionCloseHeaderPreventsReuse() throws IOException {
        assertThat(feed("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", 100)).isTrue();
        assertThat(parser.keepAlive()).isFalse();
    }

    @Test
    void repeatedHeadersAreJoined() throws IOException {
        feed("HTTP/1.1 200 OK\r\nVia: a\r\nvia: b\r\nContent-Length: 0\r\n\r\n", 100);
        assertThat(listener.head.header("via")).isEqualTo("a, b");
    }

    @Test
    void cutBodyIsAnErrorAtEndOfStream() throws IOException {
        feed("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf", 100);
        assertThatThrownBy(parser::endOfStream).hasMessageContaining("body incomplete");
        assertThat(listener.ends).isZero();
    }

    @Test
    void cutChunkedBodyIsAnErrorAtEndOfStream() throws IOException {
        feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel", 100);
        assertThatThrownBy(parser::endOfStream).isInstanceOf(IOException.class);
    }

    @Test
    void closeBeforeAnyResponseSaysSo() {
        assertThatThrownBy(parser::endOfStream).hasMessageContaining("before a response");
        assertThat(parser.sawBytes()).isFalse();
    }

    @Test
    void protocolViolationsAreRejected() {
        assertThatThrownBy(() -> new ResponseParser(new RecordingListener()).feed(ascii("SSH-2.0-OpenSSH\r\n")))
                .hasMessageContaining("status line");
        assertThatThrownBy(() -> new ResponseParser(new RecordingListener()).feed(ascii("HTTP/1.1 2x0 OK\r\n")))
                .hasMessageContaining("status");
        assertThatThrownBy(() -> new ResponseParser(new RecordingListener())
                .feed(ascii("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n"))).hasMessageContaining("Content-Length");
        assertThatThrownBy(() -> new ResponseParser(new RecordingListener())
                .feed(ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"))).hasMessageContaining("chunk size");
        assertThatThrownBy(() -> new ResponseParser(new RecordingListener())
                .feed(ascii("HTTP/1.1 200 OK\r\nno colon here\r\n"))).hasMessageContaining("header");
    }

    @Test
    void endlessLineIsRejected() {
        ByteBuffer huge = ascii("HTTP/1.1 200 OK\r\nX: " + "a".repeat(ResponseParser.MAX_LINE + 10));
        assertThatThrownBy(() -> new ResponseParser(new RecordingListener()).feed(huge)).hasMessageContaining("longer");
    }

    private static ByteBuffer ascii(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.ISO_8859_1));
    }
}
