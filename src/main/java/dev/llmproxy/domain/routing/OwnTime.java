package dev.llmproxy.domain.routing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How much of a request's time so far was the proxy's own work: the time since it arrived, less every stretch in which
 * something else held it (a provider's call in flight, a wait the run chose such as a retry's backoff or a
 * {@code Retry-After}, a model's concurrency slot, the admission queue, the rest of a body the client was still
 * sending). Stretches that overlap (a hedged turn's two calls) count once.
 */
public final class OwnTime {

    /** For a run nobody reports its own time for (a test's plan): records nothing. */
    public static final OwnTime UNTIMED = new OwnTime(null, null);

    private final Clock clock;
    private final Instant since;
    private int held;
    private Instant heldSince;
    private Duration heldFor = Duration.ZERO;

    public OwnTime(Clock clock, Instant since) {
        this.clock = clock;
        this.since = since;
    }

    /** One stretch in which something else holds the request; ended once, however often {@link #end} is called. */
    public final class Away {
        private final AtomicBoolean ended = new AtomicBoolean();

        private Away() {
        }

        public void end() {
            if (ended.compareAndSet(false, true)) {
                released();
            }
        }
    }

    /** Something else holds the request from now until the returned stretch is ended. */
    public Away away() {
        Away away = new Away();
        if (clock == null) {
            away.ended.set(true);
            return away;
        }
        synchronized (this) {
            if (held++ == 0) {
                heldSince = clock.instant();
            }
        }
        return away;
    }

    private synchronized void released() {
        if (--held == 0) {
            heldFor = heldFor.plus(Duration.between(heldSince, clock.instant()));
        }
    }

    /** The proxy's own time from the request's arrival until now (zero for {@link #UNTIMED}). */
    public synchronized Duration soFar() {
        if (clock == null) {
            return Duration.ZERO;
        }
        Instant now = clock.instant();
        Duration away = held > 0 ? heldFor.plus(Duration.between(heldSince, now)) : heldFor;
        Duration own = Duration.between(since, now).minus(away);
        return own.isNegative() ? Duration.ZERO : own;
    }
}
