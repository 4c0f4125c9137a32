package dev.llmproxy.infrastructure.upstream.http;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Idle keep-alive connections per origin, most recently used first; shared by callers (who claim) and the I/O thread
 * (which offers, removes and sweeps). A connection's own state decides who gets it, so nothing here locks.
 */
final class IdlePool {

    static final long IDLE_TIMEOUT_NANOS = 30_000_000_000L;
    private static final long SWEEP_EVERY_NANOS = 1_000_000_000L;

    private final int capacityPerOrigin;
    private final Map<String, Origin> origins = new ConcurrentHashMap<>();
    private long lastSweep = System.nanoTime();

    IdlePool(int capacityPerOrigin) {
        this.capacityPerOrigin = capacityPerOrigin;
    }

    /** Pools a connection whose exchange is over; false when its origin's pool is full (the caller closes it). */
    boolean offer(Connection c, long nowNanos) {
        Origin o = origins.computeIfAbsent(c.origin, k -> new Origin());
        if (o.size.incrementAndGet() > capacityPerOrigin) {
            o.size.decrementAndGet();
            return false;
        }
        c.idleSince = nowNanos;
        c.markIdle();
        o.connections.addFirst(c);
        return true;
    }

    /**
     * The most recently used idle connection to the origin that the server has not closed, now owned by the caller;
     * null when none is left. Dead ones found on the way are closed.
     */
    Connection claim(String origin) {
        Origin o = origins.get(origin);
        Connection c;
        while (o != null && (c = o.connections.pollFirst()) != null) {
            o.size.decrementAndGet();
            if (!c.claim()) {
                continue;
            }
            if (System.nanoTime() - c.idleSince <= c.idleLimitNanos && stillOpen(c)) {
                return c;
            }
            c.close();
        }
        return null;
    }

    /** Idle connections to the origin (for tests). */
    int idle(String origin) {
        Origin o = origins.get(origin);
        return o == null ? 0 : o.size.get();
    }

    void remove(Connection c) {
        Origin o = origins.get(c.origin);
        if (o != null && o.connections.remove(c)) {
            o.size.decrementAndGet();
        }
    }

    /** On the I/O thread, at most once a second: closes connections idle for longer than the timeout. */
    void sweep(long nowNanos) {
        if (nowNanos - lastSweep < SWEEP_EVERY_NANOS) {
            return;
        }
        lastSweep = nowNanos;
        for (Origin o : origins.values()) {
            for (Connection c : o.connections) {
                if (nowNanos - c.idleSince > c.idleLimitNanos && c.retire()) {
                    remove(c);
                    c.close();
                }
            }
        }
    }

    /**
     * Whether the server has not closed an idle connection: a non-blocking read sees its FIN (or stray bytes) before
     * a request is written into a dead socket.
     */
    private static boolean stillOpen(Connection c) {
        if (!c.channel.isOpen()) {
            return false;
        }
        try {
            c.in.clear();
            return c.channel.read(c.in) == 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static final class Origin {
        final ConcurrentLinkedDeque<Connection> connections = new ConcurrentLinkedDeque<>();
        final AtomicInteger size = new AtomicInteger();
    }
}
