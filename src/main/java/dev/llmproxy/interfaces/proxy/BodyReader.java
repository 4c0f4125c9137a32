package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.routing.Sleeper;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

/**
 * Reads a request body with the servlet's non-blocking input. A client that sends its body slowly then holds a
 * connection and a buffer, never a thread: with blocking reads, a few hundred clients trickling a byte a second had
 * the container's threads all waiting, and everyone else's requests queued behind them.
 */
final class BodyReader implements ReadListener {

    /** Where the body goes; exactly one method is called, once. */
    interface Handler {
        void body(byte[] body);

        /** The body was refused (too large) or never arrived whole (the client went away or timed out). */
        void failed(ProxyError error);
    }

    private static final int FIRST_CHUNK = 16_384;

    private final ServletInputStream in;
    private final long max;
    private final Handler handler;
    private byte[] buffer;
    private int length;
    private boolean done;
    /** The body's deadline while it is pending; let go when the body ends, for it holds the whole exchange. */
    private CompletableFuture<Void> deadline;

    private BodyReader(ServletInputStream in, long max, long declared, Handler handler) {
        this.in = in;
        this.max = max;
        this.handler = handler;
        // Never more than what has arrived (and a first chunk): a declared length is a claim, not bytes, and sizing by
        // it let requests that never send their bodies reserve megabytes each before any check.
        long first = declared >= 0 ? Math.min(declared + 1, FIRST_CHUNK) : FIRST_CHUNK;
        this.buffer = new byte[(int) Math.min(max + 1, first)];
    }

    /**
     * Starts reading (the request must be in async mode); the handler hears of the body, most often before this
     * returns.
     *
     * @return the reader, whose {@link #expire} ends a body that is taking too long
     * @throws ProxyException when the declared length is already over the limit (nothing is read)
     */
    static BodyReader read(HttpServletRequest req, long max, Handler handler) throws IOException {
        long declared = req.getContentLengthLong();
        if (declared > max) {
            throw new ProxyException(tooLarge(max));
        }
        BodyReader reader = new BodyReader(req.getInputStream(), max, declared, handler);
        reader.in.setReadListener(reader);
        return reader;
    }

    /**
     * Ends the body with a 408 unless it arrives whole within {@code limit}. Once the body has ended, one way or
     * another, the deadline is let go at once: a deadline left to fire kept this reader, and through it the request,
     * its response and the exchange, for the whole {@code limit} (30 s by default) after every request whose body came
     * in more than one read, which under load was hundreds of megabytes of finished requests.
     */
    void expireAfter(Duration limit, Sleeper sleeper) {
        CompletableFuture<Void> timer = sleeper.sleep(limit);
        boolean pending;
        synchronized (this) {
            pending = !done;
            deadline = pending ? timer : null;
        }
        if (!pending) {
            timer.complete(null); // the body ended meanwhile
            return;
        }
        timer.thenRun(() -> expire("The request body did not arrive within " + limit.toMillis() + " ms."));
    }

    /** Lets the sleeper drop the deadline of a body that has ended (its expiry then finds the body done). */
    private void release() {
        CompletableFuture<Void> timer;
        synchronized (this) {
            timer = deadline;
            deadline = null;
        }
        if (timer != null) {
            timer.complete(null);
        }
    }

    /** The bytes this reader holds for the body now: what arrived, rounded up, never what was only declared. */
    synchronized int reserved() {
        return buffer == null ? 0 : buffer.length;
    }

    synchronized boolean isDone() {
        return done;
    }

    @Override
    public void onDataAvailable() throws IOException {
        ProxyError refused = null;
        synchronized (this) {
            while (!done && in.isReady()) {
                int n = in.read(buffer, length, buffer.length - length);
                if (n == -1) {
                    return; // onAllDataRead follows
                }
                length += n;
                if (length > max) {
                    done = true;
                    refused = tooLarge(max);
                } else if (length == buffer.length) {
                    buffer = Arrays.copyOf(buffer, (int) Math.min(max + 1, (long) buffer.length * 2));
                }
            }
        }
        if (refused != null) {
            release();
            handler.failed(refused);
        }
    }

    @Override
    public void onAllDataRead() {
        byte[] body;
        synchronized (this) {
            if (done) {
                return;
            }
            done = true;
            body = length == buffer.length ? buffer : Arrays.copyOf(buffer, length);
            buffer = null;
        }
        release();
        handler.body(body);
    }

    @Override
    public void onError(Throwable t) {
        end(ProxyError.of(ErrorKind.BAD_REQUEST, "The request body could not be read: the connection failed."));
    }

    /** Gives up on a body that has not arrived whole in time. */
    void expire(String message) {
        end(ProxyError.of(ErrorKind.REQUEST_TIMEOUT, message));
    }

    private void end(ProxyError error) {
        synchronized (this) {
            if (done) {
                return;
            }
            done = true;
            buffer = null;
        }
        release();
        handler.failed(error);
    }

    private static ProxyError tooLarge(long max) {
        return ProxyError.of(ErrorKind.PAYLOAD_TOO_LARGE, "The request body is larger than the limit of " + max + " bytes.");
    }
}
