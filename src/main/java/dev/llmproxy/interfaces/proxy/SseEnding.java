package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.interfaces.proxy.cut.ConnectionCuts;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * How a streamed exchange ends, once its last bytes are queued: cleanly (the body's proper end), or cut, after the
 * error event has been flushed, so that no client takes a broken answer for a complete one. Used under the lock of
 * the {@link SseResponse} that owns it.
 */
final class SseEnding {

    private final AsyncContext async;
    private final HttpServletResponse response;
    private final ServletOutputStream out;
    private boolean ending;
    private boolean cut;
    private boolean flushedForCut;
    private boolean ended;

    SseEnding(AsyncContext async, HttpServletResponse response, ServletOutputStream out) {
        this.async = async;
        this.response = response;
        this.out = out;
    }

    /** Nothing more is queued after this; {@code cut} ends the exchange without the body's proper end. */
    void begin(boolean cutConnection) {
        ending = true;
        cut |= cutConnection;
    }

    boolean ending() {
        return ending;
    }

    boolean ended() {
        return ended;
    }

    /** Everything queued has been written. A cut waits until the error event has been flushed to the client. */
    void now() throws IOException {
        if (cut && !flushedForCut) {
            flushedForCut = true;
            out.flush();
            if (!out.isReady()) {
                return;
            }
        }
        ended = true;
        if (cut) {
            ConnectionCuts.cut(response);
        }
        AsyncAnswer.end(async);
    }

    /** The client is gone or must be cut off: ends the exchange now, unless it has ended already. */
    void abort(boolean cutConnection) {
        if (ended) {
            return;
        }
        ended = true;
        if (cutConnection) {
            ConnectionCuts.cut(response);
        }
        AsyncAnswer.end(async);
    }
}
