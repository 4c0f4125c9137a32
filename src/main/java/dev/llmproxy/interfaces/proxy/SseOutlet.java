package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.streaming.Backpressure;
import jakarta.servlet.ServletOutputStream;

import java.io.IOException;

/**
 * The bytes of a streamed answer not written yet, and their writing: as much as the connection takes each time it
 * can, the upstream paused while the client is far behind. Used under the lock of the {@link SseResponse} that owns
 * it.
 */
final class SseOutlet {

    private final ServletOutputStream out;
    private final PendingBytes pending = new PendingBytes();
    private final ReadBehind behind = new ReadBehind();

    SseOutlet(ServletOutputStream out) {
        this.out = out;
    }

    /** Queues {@code bytes}; false when the client is too far behind for more (see {@link PendingBytes#MOST}). */
    boolean add(byte[] bytes) {
        return pending.add(bytes);
    }

    int size() {
        return pending.size();
    }

    void clear() {
        pending.clear();
    }

    /** The valve to close now that more of {@code valve}'s stream is queued, or null. */
    Backpressure queued(Backpressure valve) {
        return behind.queued(pending.size(), valve);
    }

    /** The valve to open now that the client has caught up, or null. */
    Backpressure takeResume() {
        return behind.takeResume();
    }

    /** Writes what the connection takes; with everything out, ends the exchange if it is ending, else flushes. */
    void drain(SseEnding ending) throws IOException {
        boolean wrote = pending.writeTo(out);
        behind.drained(pending.size());
        if (pending.isEmpty() && out.isReady()) {
            if (ending.ending()) {
                ending.now();
            } else if (wrote) {
                // Flushing with nothing written would commit the response before its status and headers are set.
                out.flush();
            }
        }
    }
}
