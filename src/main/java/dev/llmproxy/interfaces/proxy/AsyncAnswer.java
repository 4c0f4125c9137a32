package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.interfaces.proxy.door.Dialect;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A whole answer written with the servlet's non-blocking output. The thread that finishes a request is one of the
 * proxy's few workers, which complete every request's upstream replies; a blocking write to a client that reads
 * slowly, or not at all, would hold it until the container's write timeout and stall everyone else's answers.
 */
final class AsyncAnswer implements WriteListener {

    private static final Logger LOG = Logger.getLogger(AsyncAnswer.class.getName());

    private final AsyncContext async;
    private final ServletOutputStream out;
    private byte[] pending;
    private boolean done;

    private AsyncAnswer(AsyncContext async, byte[] body) throws IOException {
        this.async = async;
        this.out = async.getResponse().getOutputStream();
        this.pending = body;
    }

    /** Sends {@code body} (status and headers already set) and completes the exchange once it has gone out. */
    static void send(AsyncContext async, byte[] body) throws IOException {
        AsyncAnswer answer = new AsyncAnswer(async, body);
        answer.out.setWriteListener(answer);
    }

    @Override
    public synchronized void onWritePossible() throws IOException {
        if (done) {
            return;
        }
        if (pending != null) {
            byte[] body = pending;
            pending = null;
            out.write(body);
        }
        if (out.isReady()) {
            done = true;
            // Closing sends the answer now, from this thread; left open, it would wait for complete() to hand the
            // request back to one of the container's threads.
            out.close();
            async.complete();
        }
    }

    @Override
    public synchronized void onError(Throwable t) {
        if (done) {
            return;
        }
        done = true;
        pending = null;
        LOG.fine(() -> "Could not send an answer: " + t);
        end(async);
    }

    /** Completes the exchange, unless the container has already ended it (timeout or client gone). */
    static void end(AsyncContext async) {
        try {
            async.complete();
        } catch (IllegalStateException alreadyDone) {
            // nothing left to end
        }
    }

    /** Sends {@code body} (status and headers set), or ends the exchange quietly when it can no longer be written. */
    static void sendOrEnd(AsyncContext async, String requestId, byte[] body) {
        try {
            send(async, body);
        } catch (IOException | IllegalStateException e) {
            LOG.fine(() -> "Could not write the answer to " + requestId + ": " + e);
            end(async);
        }
    }

    /** Answers with {@code error}, as {@code dialect} says it, if nothing has been sent yet; else ends the exchange. */
    static void endWithError(AsyncContext async, String requestId, ProxyError error, Dialect dialect) {
        HttpServletResponse res = (HttpServletResponse) async.getResponse();
        try {
            if (!res.isCommitted()) {
                res.reset();
                sendOrEnd(async, requestId, dialect.prepareError(res, error));
                return;
            }
        } catch (RuntimeException again) {
            LOG.log(Level.FINE, "Could not answer " + requestId + " with an error", again);
        }
        end(async);
    }
}
