package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.streaming.Backpressure;

/**
 * How far a streaming client is behind, and what that asks of the upstream: paused once more than
 * {@link #PAUSE_ABOVE} bytes wait for the client, resumed once fewer than {@link #RESUME_BELOW} do. Guarded by the
 * response's lock; the valves themselves are called outside it (they take the attempt's lock).
 */
final class ReadBehind {

    static final int PAUSE_ABOVE = 256 * 1024;
    static final int RESUME_BELOW = 64 * 1024;

    /** The valve paused, to be opened once the client has caught up; null when not paused. */
    private Backpressure paused;
    private Backpressure toResume;

    /** @return the valve to pause now, or null */
    Backpressure queued(int queuedBytes, Backpressure valve) {
        if (queuedBytes > PAUSE_ABOVE && paused == null) {
            paused = valve;
            return valve;
        }
        return null;
    }

    void drained(int queuedBytes) {
        if (paused != null && queuedBytes < RESUME_BELOW) {
            toResume = paused;
            paused = null;
        }
    }

    /** @return the valve to resume now, or null */
    Backpressure takeResume() {
        Backpressure r = toResume;
        toResume = null;
        return r;
    }
}
