package dev.llmproxy.infrastructure.chores;

import java.util.concurrent.Future;

/** One periodic chore of {@link Chores}, to stop when its owner stops. */
public final class Chore {

    /** A chore never started: stopping it does nothing. */
    public static final Chore NONE = new Chore(null);

    private final Future<?> runs;

    Chore(Future<?> runs) {
        this.runs = runs;
    }

    /** No more runs; one under way finishes. */
    public void stop() {
        if (runs != null) {
            runs.cancel(false);
        }
    }

    /** No more runs; one under way is interrupted (it waits on the network). */
    public void stopNow() {
        if (runs != null) {
            runs.cancel(true);
        }
    }
}
