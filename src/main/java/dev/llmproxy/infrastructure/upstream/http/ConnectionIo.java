package dev.llmproxy.infrastructure.upstream.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What the I/O thread does with a connection: finish connecting, write the request, read and parse the response,
 * then pool the connection or close it. A request that a stale pooled connection swallowed without a word is sent
 * once more on a new connection; every other failure is the exchange's.
 */
final class ConnectionIo {

    private static final Logger LOG = Logger.getLogger(ConnectionIo.class.getName());

    private final IdlePool idle;
    private final BooleanSupplier open;
    private final Consumer<Call> restart;

    /**
     * @param open    whether the transport still takes exchanges
     * @param restart starts an exchange afresh on a new connection
     */
    ConnectionIo(IdlePool idle, BooleanSupplier open, Consumer<Call> restart) {
        this.idle = idle;
        this.open = open;
        this.restart = restart;
    }

    void begin(Connection c, Call call) {
        attach(c, call);
        write(c);
    }

    /** Ties the exchange to the connection; {@code call} goes last, handing the connection to the I/O thread. */
    static void attach(Connection c, Call call) {
        c.parser = new ResponseParser(call);
        c.responded = false;
        c.out = ByteBuffer.wrap(call.request);
        call.connection = c;
        c.call = call;
    }

    void handle(SelectionKey key) {
        Connection c = (Connection) key.attachment();
        if (!key.isValid()) {
            return;
        }
        try {
            if (key.isConnectable()) {
                c.channel.finishConnect();
                begin(c, c.call);
                return;
            }
            if (key.isWritable()) {
                write(c);
            }
            if (key.isValid() && key.isReadable()) {
                read(c);
            }
        } catch (IOException e) {
            failed(c, e);
        } catch (RuntimeException e) {
            // A listener's defect ends its own exchange, never the loop every other exchange depends on.
            LOG.log(Level.SEVERE, "Upstream response handling failed", e);
            failed(c, new IOException("response handling failed: " + e, e));
        }
    }

    void write(Connection c) {
        try {
            c.channel.write(c.out);
            int read = c.paused ? 0 : SelectionKey.OP_READ;
            c.key.interestOps(c.out.hasRemaining() ? SelectionKey.OP_WRITE | read : read);
        } catch (IOException e) {
            failed(c, e);
        }
    }

    private void read(Connection c) throws IOException {
        if (c.call == null) {
            // Idle: the server closed it (or sent something unasked for); either way it is no longer usable. A caller
            // that has just claimed it keeps it: it sees the close itself, or publishes its exchange (readiness is
            // level-triggered, so this comes back).
            if (c.retire()) {
                idle.remove(c);
                c.close();
            }
            return;
        }
        int n = c.channel.read(c.in);
        c.responded |= n > 0;
        if (n < 0) {
            c.parser.endOfStream(); // throws unless the body was delimited by the close
            complete(c);
            return;
        }
        c.in.flip();
        boolean done;
        try {
            done = c.parser.feed(c.in);
        } finally {
            c.in.compact();
        }
        if (done) {
            complete(c);
        } else if (!c.in.hasRemaining()) {
            grow(c);
        }
    }

    private static void grow(Connection c) throws IOException {
        if (c.in.capacity() >= ResponseParser.MAX_LINE * 2) {
            throw new IOException("response line too long");
        }
        ByteBuffer bigger = ByteBuffer.allocate(c.in.capacity() * 2);
        c.in.flip();
        bigger.put(c.in);
        c.in = bigger;
    }

    private void complete(Connection c) {
        Call call = c.call;
        boolean reusable = c.parser.keepAlive() && c.in.position() == 0 && open.getAsBoolean();
        long idleLimit = KeepAlive.idleLimitNanos(c.parser.keepAliveTimeoutSeconds(), IdlePool.IDLE_TIMEOUT_NANOS);
        c.call = null;
        c.parser = null;
        call.connection = null;
        if (reusable) {
            c.idleLimitNanos = idleLimit;
            c.paused = false;
            c.key.interestOps(SelectionKey.OP_READ);
            if (!idle.offer(c, System.nanoTime())) {
                c.close();
            }
        } else {
            c.close();
        }
    }

    void failed(Connection c, IOException e) {
        Call call = c.call;
        ResponseParser parser = c.parser;
        c.close();
        if (call == null) {
            idle.remove(c);
            return;
        }
        call.connection = null;
        if (c.reused && !c.responded && !call.resent && !call.aborted) {
            // A pooled connection the upstream closed as we reused it (the keep-alive race): it answered nothing, so
            // the request goes once more on a new connection. Anything else is the chain's decision, not ours.
            call.resent = true;
            LOG.fine(() -> "Pooled connection to " + call.origin.key() + " failed before an answer (" + e
                    + "); sending again on a new one");
            restart.accept(call);
            return;
        }
        call.fail(e, parser);
    }
}
