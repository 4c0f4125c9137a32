package dev.llmproxy.infrastructure.upstream.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;

/** One exchange; relays parser events to the caller's listener until it is aborted. */
final class Call implements Exchange, ResponseListener, Runnable {
    private final NioHttpTransport transport;
    final Origin origin;
    final byte[] request;
    final ResponseListener listener;
    volatile boolean aborted;
    Connection connection;
    /** Sent again on a new connection after a pooled one failed before any answer: never a second time. */
    boolean resent;

    Call(NioHttpTransport transport, Origin origin, byte[] request, ResponseListener listener) {
        this.transport = transport;
        this.origin = origin;
        this.request = request;
        this.listener = listener;
    }

    @Override
    public void run() {
        transport.start(this);
    }

    @Override
    public void abort() {
        if (aborted) {
            return;
        }
        aborted = true;
        transport.submit(() -> {
            Connection c = connection;
            if (c != null && c.call == this) {
                c.call = null;
                c.close();
                connection = null;
            }
        });
    }

    @Override
    public void pause() {
        transport.submit(() -> setReading(false));
    }

    @Override
    public void resume() {
        transport.submit(() -> setReading(true));
    }

    private void setReading(boolean reading) {
        Connection c = connection;
        if (c != null && c.call == this && c.key.isValid()) {
            c.paused = !reading;
            int ops = c.key.interestOps();
            c.key.interestOps(reading ? ops | SelectionKey.OP_READ : ops & ~SelectionKey.OP_READ);
        }
    }

    void fail(IOException e, ResponseParser parser) {
        if (!aborted) {
            listener.onFailure(e, parser == null ? null : parser.head());
        }
    }

    @Override
    public void onHead(ResponseHead head) {
        if (!aborted) {
            listener.onHead(head);
        }
    }

    @Override
    public void onData(ByteBuffer data) {
        if (!aborted) {
            listener.onData(data);
        }
    }

    @Override
    public void onEnd() {
        if (!aborted) {
            listener.onEnd();
        }
    }

    @Override
    public void onFailure(IOException error, ResponseHead head) {
        fail(error, null);
    }
}
