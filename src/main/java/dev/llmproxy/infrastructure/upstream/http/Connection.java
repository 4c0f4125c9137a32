package dev.llmproxy.infrastructure.upstream.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One socket. The I/O thread owns it, except that a caller may claim an idle one from the pool ({@link #claim}) and
 * write a request on it; publishing {@link #call} hands it back to the I/O thread for the response.
 */
final class Connection {
    static final int BUSY = 0;
    static final int IDLE = 1;
    static final int CLOSED = 2;

    final SocketChannel channel;
    final String origin;
    /** Who may use it: whoever moves it out of IDLE owns it. */
    private final AtomicInteger state = new AtomicInteger(BUSY);
    SelectionKey key;
    ByteBuffer in = ByteBuffer.allocate(8192);
    ByteBuffer out;
    ResponseParser parser;
    volatile Call call;
    long idleSince;
    /** How long it may stay idle: ours, or less when the upstream's Keep-Alive header says so. */
    long idleLimitNanos = IdlePool.IDLE_TIMEOUT_NANOS;
    boolean paused;
    /** Whether the current exchange runs on a connection taken from the pool, and whether any answer byte came. */
    boolean reused;
    boolean responded;

    Connection(SocketChannel channel, String origin) {
        this.channel = channel;
        this.origin = origin;
    }

    /** Back to the pool; its fields must be cleared before, the pool entry made after. */
    void markIdle() {
        state.set(IDLE);
    }

    /** Takes an idle connection for a new exchange; false when the I/O thread or another caller got it first. */
    boolean claim() {
        return state.compareAndSet(IDLE, BUSY);
    }

    /** Retires an idle connection (server closed it, or it idled too long); false when a caller got it first. */
    boolean retire() {
        return state.compareAndSet(IDLE, CLOSED);
    }

    void close() {
        state.set(CLOSED);
        if (key != null) {
            key.cancel();
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
