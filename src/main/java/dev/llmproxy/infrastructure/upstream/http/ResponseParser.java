package dev.llmproxy.infrastructure.upstream.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Parses one HTTP/1.1 response incrementally (status line, headers, then a body framed by Content-Length, chunked
 * encoding or the connection's end) and reports it to a listener. Not thread-safe: one connection's I/O thread
 * feeds it.
 */
final class ResponseParser {

    /** Longest status line, header line or chunk-size line accepted. */
    static final int MAX_LINE = 16 * 1024;
    private static final int MAX_HEADERS_BYTES = 64 * 1024;

    private enum State { STATUS, HEADERS, FIXED_BODY, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILERS, UNTIL_CLOSE, DONE }

    private final ResponseListener listener;
    private State state = State.STATUS;
    private int status;
    private final Map<String, String> headers = new HashMap<>();
    private ResponseHead head;
    private int headerBytes;
    private long remaining;
    private boolean keepAlive = true;
    private int keepAliveTimeoutSeconds = -1;
    private boolean sawBytes;

    ResponseParser(ResponseListener listener) {
        this.listener = listener;
    }

    /**
     * Consumes what it can from {@code in} (leaving an incomplete line in it).
     *
     * @return true once the response is complete
     * @throws IOException on a protocol violation
     */
    boolean feed(ByteBuffer in) throws IOException {
        if (in.hasRemaining()) {
            sawBytes = true;
        }
        while (state != State.DONE) {
            switch (state) {
                case STATUS, HEADERS, CHUNK_SIZE, CHUNK_END, TRAILERS -> {
                    String line = Http11Lines.readLine(in, MAX_LINE);
                    if (line == null) {
                        return false;
                    }
                    onLine(line);
                }
                case FIXED_BODY, CHUNK_DATA -> {
                    if (!in.hasRemaining()) {
                        return false;
                    }
                    int n = (int) Math.min(remaining, in.remaining());
                    deliver(in, n);
                    remaining -= n;
                    if (remaining == 0) {
                        if (state == State.FIXED_BODY) {
                            finish();
                        } else {
                            state = State.CHUNK_END;
                        }
                    }
                }
                case UNTIL_CLOSE -> {
                    if (in.hasRemaining()) {
                        deliver(in, in.remaining());
                    }
                    return false;
                }
                default -> throw new IllegalStateException(state.name());
            }
        }
        return true;
    }

    /** The peer closed the connection. @throws IOException unless that is how this body ends */
    void endOfStream() throws IOException {
        if (state == State.UNTIL_CLOSE) {
            finish();
            return;
        }
        if (state != State.DONE) {
            throw new IOException(head == null ? "connection closed before a response"
                    : "connection closed with the body incomplete");
        }
    }

    /** Whether any byte of the response arrived. */
    boolean sawBytes() {
        return sawBytes;
    }

    ResponseHead head() {
        return head;
    }

    /** The idle timeout the upstream announced in {@code Keep-Alive: timeout=N}, or -1 when it said none. */
    int keepAliveTimeoutSeconds() {
        return keepAliveTimeoutSeconds;
    }

    boolean keepAlive() {
        return keepAlive && state == State.DONE;
    }

    private void deliver(ByteBuffer in, int n) {
        ByteBuffer slice = in.slice();
        slice.limit(n);
        in.position(in.position() + n);
        listener.onData(slice);
    }

    private void onLine(String line) throws IOException {
        switch (state) {
            case STATUS -> {
                if (line.isEmpty()) {
                    return; // tolerated stray CRLF between messages
                }
                status = Http11Lines.status(line);
                state = State.HEADERS;
            }
            case HEADERS -> {
                headerBytes += line.length() + 2;
                if (headerBytes > MAX_HEADERS_BYTES) {
                    throw new IOException("response headers exceed " + MAX_HEADERS_BYTES + " bytes");
                }
                if (line.isEmpty()) {
                    endOfHeaders();
                } else {
                    Http11Lines.header(line, headers);
                }
            }
            case CHUNK_SIZE -> {
                remaining = Http11Lines.chunkSize(line);
                state = remaining == 0 ? State.TRAILERS : State.CHUNK_DATA;
            }
            case CHUNK_END -> {
                if (!line.isEmpty()) {
                    throw new IOException("chunk not followed by CRLF");
                }
                state = State.CHUNK_SIZE;
            }
            case TRAILERS -> {
                if (line.isEmpty()) {
                    finish();
                }
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    private void endOfHeaders() throws IOException {
        if (status < 200) {
            // 1xx interim response: the real one follows.
            headers.clear();
            headerBytes = 0;
            state = State.STATUS;
            return;
        }
        String connection = headers.get("connection");
        if (connection != null && connection.toLowerCase(Locale.ROOT).contains("close")) {
            keepAlive = false;
        }
        keepAliveTimeoutSeconds = KeepAlive.timeoutSeconds(headers.get("keep-alive"));
        head = new ResponseHead(status, headers);
        listener.onHead(head);
        String te = headers.get("transfer-encoding");
        String length = headers.get("content-length");
        if (status == 204 || status == 304) {
            finish();
        } else if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            state = State.CHUNK_SIZE;
        } else if (length != null) {
            remaining = Http11Lines.contentLength(length);
            if (remaining == 0) {
                finish();
            } else {
                state = State.FIXED_BODY;
            }
        } else {
            keepAlive = false;
            state = State.UNTIL_CLOSE;
        }
    }

    private void finish() {
        state = State.DONE;
        listener.onEnd();
    }
}
