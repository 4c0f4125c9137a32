package dev.llmproxy.infrastructure.upstream.http;

import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

/** Idle keep-alive connections to one origin, most recently used first; shared by callers and the I/O thread. */
final class IdlePool {

    private final int capacity;
    final ConcurrentLinkedDeque<Connection> connections = new ConcurrentLinkedDeque<>();
    private final AtomicInteger size = new AtomicInteger();

    IdlePool(int capacity) {
        this.capacity = capacity;
    }

    /** Pools a connection whose exchange is over; false when the pool is full (the caller closes it). */
    boolean offer(Connection c) {
        if (size.incrementAndGet() > capacity) {
            size.decrementAndGet();
            return false;
        }
        c.markIdle();
        connections.addFirst(c);
        return true;
    }

    /** The most recently used idle connection, now owned by the caller; null when none is left. */
    Connection claim() {
        Connection c;
        while ((c = connections.pollFirst()) != null) {
            size.decrementAndGet();
            if (c.claim()) {
                return c;
            }
        }
        return null;
    }

    void remove(Connection c) {
        if (connections.remove(c)) {
            size.decrementAndGet();
        }
    }
}
