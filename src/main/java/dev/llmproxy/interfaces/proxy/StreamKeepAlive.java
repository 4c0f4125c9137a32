package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.routing.Sleeper;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Keeps an open stream from looking dead: it is looked at every {@link #LOOK_EVERY}, and one that has sent nothing
 * since the last look (2.5 to 5 seconds of silence) gets its dialect's keep-alive, as Anthropic's clients expect
 * pings while a model is slow to start (a continuation, say).
 */
final class StreamKeepAlive {

    static final Duration LOOK_EVERY = Duration.ofMillis(2500);

    private final Sleeper sleeper;
    private boolean wrote;

    StreamKeepAlive(Sleeper sleeper) {
        this.sleeper = sleeper;
    }

    /** Something went out: the stream is not silent. Called under the stream's lock. */
    void wrote() {
        wrote = true;
    }

    /**
     * Whether the stream was silent since the last look, and starts a new period. Called under the stream's lock.
     */
    boolean silentSinceLastLook() {
        boolean silent = !wrote;
        wrote = false;
        return silent;
    }

    /** Looks every period for as long as {@code look} (under the stream's lock) says the stream goes on. */
    void start(BooleanSupplier look) {
        sleeper.sleep(LOOK_EVERY).thenRun(() -> {
            if (look.getAsBoolean()) {
                start(look);
            }
        });
    }
}
