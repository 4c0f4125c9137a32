package dev.llmproxy.domain.admission;

import dev.llmproxy.domain.config.AdmissionLimits;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.domain.routing.Slots;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Admission control in front of the chain executor (an unbounded queue turns a slowdown into an outage). At
 * most {@code maxConcurrent} requests do upstream work at once; up to {@code queueDepth} more wait, each for at most
 * {@code queueWait}, which is separate from the chain budget (that starts when the request leaves the queue).
 * The queue serves the {@link Priority} classes in order and, within a class, the callers in turn (one caller's burst
 * waits behind its own requests). A full queue refuses at once, unless the newcomer can take a place: the newest of
 * the lowest class below its own (batch first), else the newest of the caller of its class with the most requests
 * waiting, when that caller has more than the newcomer would ({@link Slots}). Non-blocking: waiting is a future.
 */
public final class Admission {

    /** A slot: must be released exactly once, when the request's upstream work has ended. */
    public interface Ticket {
        /** How long the request waited in the queue. */
        Duration waited();

        void release();
    }

    private final Supplier<AdmissionLimits> limits;
    private final Clock clock;
    private final Sleeper sleeper;
    private final Slots slots = new Slots(Priority.values().length);
    private long rejectedFull;
    private long timedOut;

    public Admission(Supplier<AdmissionLimits> limits, Clock clock, Sleeper sleeper) {
        this.limits = limits;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** A request of the standard class, on its own in its turn. */
    public CompletableFuture<Ticket> admit() {
        return admit(Priority.STANDARD, "");
    }

    /**
     * @param party whose request it is (its caller): callers of a class take turns in the queue
     * @return a future ticket; it fails at once with a 503 {@link ProxyException} when the queue is full, or later when
     * the wait passes the queue-wait limit or a newcomer takes its place. Cancelling it while queued gives up the place.
     */
    public CompletableFuture<Ticket> admit(Priority priority, Object party) {
        AdmissionLimits l = limits.get();
        Instant enqueuedAt = clock.instant();
        Slots.Place place = slots.take(l.maxConcurrent(), l.queueDepth(), priority.ordinal(), party);
        if (place == null) {
            synchronized (this) {
                rejectedFull++;
            }
            return CompletableFuture.failedFuture(full());
        }
        if (!place.waiting()) {
            return CompletableFuture.completedFuture(new Slot(Duration.ZERO));
        }
        CompletableFuture<Ticket> ticket = new CompletableFuture<>();
        CompletableFuture<Void> timer = sleeper.sleep(l.queueWait());
        timer.whenComplete((v, e) -> {
            if (!timer.isCancelled() && place.granted().cancel(false)) {
                expired(ticket, enqueuedAt, place.position());
            }
        });
        place.granted().whenComplete((v, e) -> {
            timer.cancel(false);
            if (e instanceof Slots.Displaced d) {
                synchronized (this) {
                    rejectedFull++;
                }
                ticket.completeExceptionally(new ProxyException(new ProxyError(ErrorKind.UNAVAILABLE, "The proxy is at"
                        + " capacity: " + (d.byHigherClass() ? "a request of a higher priority"
                        : "another caller's request (this caller had the most requests waiting)")
                        + " took this one's place in the queue; retry shortly.", null, Duration.ofSeconds(1))));
                return;
            }
            // a slot handed to a ticket given up meanwhile goes back at once
            if (e == null && !ticket.complete(new Slot(Duration.between(enqueuedAt, clock.instant())))) {
                slots.release();
            }
        });
        ticket.whenComplete((t, e) -> {
            if (ticket.isCancelled()) {
                place.granted().cancel(false);
            }
        });
        return ticket;
    }

    private ProxyException full() {
        return new ProxyException(new ProxyError(ErrorKind.UNAVAILABLE, "The proxy is at capacity: queue is full ("
                + slots.waiting() + " pending); retry shortly.", null, Duration.ofSeconds(1)));
    }

    public int running() {
        return slots.taken();
    }

    public int queued() {
        return slots.waiting();
    }

    public synchronized long rejectedFull() {
        return rejectedFull;
    }

    public synchronized long timedOut() {
        return timedOut;
    }

    private void expired(CompletableFuture<Ticket> ticket, Instant enqueuedAt, int position) {
        synchronized (this) {
            timedOut++;
        }
        Duration waited = Duration.between(enqueuedAt, clock.instant());
        ticket.completeExceptionally(new ProxyException(new ProxyError(ErrorKind.UNAVAILABLE, "Timed out after waiting "
                + Math.max(1, Math.round(waited.toMillis() / 1000.0)) + " s in queue; position was " + position + ".",
                null, Duration.ofSeconds(1))));
    }

    private final class Slot implements Ticket {
        private final Duration waited;
        private boolean released;

        Slot(Duration waited) {
            this.waited = waited;
        }

        @Override
        public Duration waited() {
            return waited;
        }

        @Override
        public void release() {
            synchronized (this) {
                if (released) {
                    return;
                }
                released = true;
            }
            slots.release();
        }
    }
}
