package dev.llmproxy.interfaces.proxy;

import jakarta.servlet.ServletOutputStream;

import java.io.IOException;
import java.util.ArrayDeque;

/**
 * The bytes of a stream that wait for the client, bounded: should they pass {@link #MOST} (an upstream that ignores
 * flow control, a client that stopped reading), they are refused instead of filling the heap. Guarded by the
 * response's lock.
 */
final class PendingBytes {

    static final int MOST = 4 * 1024 * 1024;

    private final ArrayDeque<byte[]> queue = new ArrayDeque<>();
    private int size;

    /** @return false when these bytes would pass the bound (they are queued all the same; the caller cuts off) */
    boolean add(byte[] bytes) {
        queue.add(bytes);
        size += bytes.length;
        return size <= MOST;
    }

    /**
     * Writes what the connection takes without blocking.
     *
     * @return whether anything was written
     */
    boolean writeTo(ServletOutputStream out) throws IOException {
        boolean wrote = false;
        while (!queue.isEmpty() && out.isReady()) {
            byte[] next = queue.poll();
            size -= next.length;
            out.write(next);
            wrote = true;
        }
        return wrote;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return queue.isEmpty();
    }

    void clear() {
        queue.clear();
        size = 0;
    }
}
