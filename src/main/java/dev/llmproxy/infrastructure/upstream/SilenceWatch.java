package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.StreamBreak;
import dev.llmproxy.domain.streaming.StreamLimits;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;

/**
 * The silence limits of one streaming attempt: the first token within {@code firstToken}, then an event at least
 * every {@code idle}. Time the attempt spent paused by a client that reads slowly is not the upstream's silence.
 * Called under the attempt's lock, except for {@link #paused} and {@link #resumed}.
 */
final class SilenceWatch {

    private final Timers timers;
    private final Clock clock;
    private final StreamLimits limits;
    private final Runnable onTimer;
    private ScheduledFuture<?> timer;
    private long lastEventAt;
    private volatile boolean paused;
    /** When the client last caught up. */
    private volatile long resumedAt;

    /** @param onTimer called when a limit may have been reached; it asks {@link #expired} */
    SilenceWatch(Timers timers, Clock clock, StreamLimits limits, Runnable onTimer) {
        this.timers = timers;
        this.clock = clock;
        this.limits = limits;
        this.onTimer = onTimer;
    }

    void awaitFirstToken() {
        timer = timers.schedule(limits.firstToken(), onTimer);
    }

    /** The first content is here: from now on silence is measured against the idle limit. */
    void firstContent() {
        timer.cancel(false);
        timer = timers.schedule(limits.idle(), onTimer);
    }

    void event() {
        lastEventAt = clock.millis();
    }

    void paused() {
        paused = true;
    }

    void resumed() {
        resumedAt = clock.millis();
        paused = false;
    }

    /**
     * On the timer, once content flows: how long the stream has been silent past the idle limit, or -1 when it may go
     * on (the timer is re-armed for the rest of the limit).
     */
    private long stalledFor() {
        long idle = limits.idle().toMillis();
        long silent = clock.millis() - Math.max(lastEventAt, resumedAt);
        if (paused) {
            timer = timers.schedule(Duration.ofMillis(idle), onTimer);
            return -1;
        }
        if (silent >= idle) {
            return silent;
        }
        timer = timers.schedule(Duration.ofMillis(idle - silent), onTimer);
        return -1;
    }

    private Duration firstTokenLimit() {
        return limits.firstToken();
    }

    void stop() {
        if (timer != null) {
            timer.cancel(false);
        }
    }

    /**
     * What a tick of the timer ends the attempt with, or null: a timeout when no content came within the first-token
     * limit, a stall when the stream has been silent too long since.
     */
    UpstreamReply expired(boolean contentStarted, StreamTally tally) {
        if (!contentStarted) {
            return new UpstreamReply.Failed(FailureKind.TIMEOUT, "no first token in " + firstTokenLimit().toMillis()
                    + " ms");
        }
        long silent = stalledFor();
        return silent < 0 ? null : tally.broken(StreamBreak.STALL,
                "stalled: no event for " + silent + " ms after " + tally.events() + " events");
    }
}
