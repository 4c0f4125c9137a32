package dev.llmproxy.domain.streaming;


/**
 * Back-pressure for one streaming attempt: a client that reads slower than the upstream sends pauses the upstream
 * (its socket is no longer read, so TCP flow control slows the sender) instead of queueing without bound. Time spent
 * paused never counts as an upstream stall. Both calls are idempotent and may come from any thread.
 */
public interface Backpressure {

    Backpressure NONE = new Backpressure() {
        @Override
        public void pause() {
        }

        @Override
        public void resume() {
        }
    };

    void pause();

    void resume();
}
