package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.config.StreamingRules;
import dev.llmproxy.domain.streaming.StreamEvent;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The opt-in commit window of a streamed answer ({@code streamCommitMs}, {@code streamCommitBytes}): an attempt's
 * first events are held back until the window has passed, so that a break inside it is restarted on the next model
 * as if nothing had been sent (no prefill needed). The window passes when an event arrives {@code streamCommitMs}
 * after the attempt's first one, or once {@code streamCommitBytes} of the answer are held, whichever comes first; an
 * attempt that ends inside it releases everything. It only ever applies before the client has seen anything.
 */
final class CommitWindow {

    private final Duration length;
    private final long bytes;
    private final Clock clock;
    private Instant firstAt;
    private long held;
    private boolean passed;

    CommitWindow(Duration length, long bytes, Clock clock) {
        this.length = length;
        this.bytes = bytes;
        this.clock = clock;
        this.passed = off();
    }

    static CommitWindow of(StreamingRules rules, Clock clock) {
        return new CommitWindow(rules.commitWindow(), rules.commitBytes(), clock);
    }

    private boolean off() {
        return length.isZero() && bytes == 0;
    }

    /** A new attempt begins: its own window, from its own first event. */
    void restart() {
        firstAt = null;
        held = 0;
        passed = off();
    }

    /** Whether {@code event} falls inside the window (and is to be held); false from the event that closes it on. */
    boolean holds(StreamEvent event) {
        if (passed) {
            return false;
        }
        Instant now = clock.instant();
        if (firstAt == null) {
            firstAt = now;
        }
        held += event.size();
        boolean timeUp = !length.isZero() && !now.isBefore(firstAt.plus(length));
        boolean full = bytes > 0 && held > bytes;
        passed = timeUp || full || held > StreamSplice.MAX_HELD_CHARS;
        return !passed;
    }
}
