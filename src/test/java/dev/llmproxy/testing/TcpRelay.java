package dev.llmproxy.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay in front of a real server (here: PostgreSQL), so that a test can take the server away and bring it
 * back: {@link #cut()} closes every relayed connection and stops listening (new connections are refused);
 * {@link #restore()} listens on the same port again.
 */
public final class TcpRelay implements AutoCloseable {

    private final String targetHost;
    private final int targetPort;
    private final int port;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile ServerSocket listener;
    /** While set, every connection is accepted and closed at once (a server that is up but answers nothing). */
    private volatile boolean dropping;
    private final java.util.concurrent.atomic.AtomicInteger dropped = new java.util.concurrent.atomic.AtomicInteger();

    public TcpRelay(String targetHost, int targetPort) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        ServerSocket first = bind(0);
        this.port = first.getLocalPort();
        start(first);
    }

    public int port() {
        return port;
    }

    public synchronized void cut() throws IOException {
        ServerSocket l = listener;
        listener = null;
        if (l != null) {
            l.close();
        }
        for (Socket s : open) {
            s.close();
        }
        open.clear();
    }

    public synchronized void restore() throws IOException {
        dropping = false;
        if (listener == null) {
            start(bind(port));
        }
    }

    /** Cuts what is open and, until {@link #restore}, closes every new connection at once, counting them. */
    public synchronized void dropAll() throws IOException {
        dropping = true;
        for (Socket s : open) {
            s.close();
        }
        open.clear();
    }

    /** How many connections {@link #dropAll} has closed at once. */
    public int dropped() {
        return dropped.get();
    }

    private static ServerSocket bind(int port) throws IOException {
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return s;
    }

    private void start(ServerSocket l) {
        listener = l;
        Thread accept = new Thread(() -> {
            while (!l.isClosed()) {
                try {
                    Socket client = l.accept();
                    if (dropping) {
                        dropped.incrementAndGet();
                        client.close();
                        continue;
                    }
                    Socket upstream = new Socket(targetHost, targetPort);
                    synchronized (this) {
                        if (listener != l) { // cut while this one was being connected: it must not outlive the cut
                            closeQuietly(client);
                            closeQuietly(upstream);
                            continue;
                        }
                        open.add(client);
                        open.add(upstream);
                    }
                    pump(client, upstream);
                    pump(upstream, client);
                } catch (IOException e) {
                    // closed by cut(), or the target refused: the client sees its connection end
                }
            }
        }, "tcp-relay-accept");
        accept.setDaemon(true);
        accept.start();
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16_384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) != -1) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // either side went away
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                open.remove(from);
                open.remove(to);
            }
        }, "tcp-relay-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        cut();
    }
}
