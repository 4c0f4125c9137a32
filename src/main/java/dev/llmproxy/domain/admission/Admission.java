package dev.llmproxy.domain.admission;

import dev.llmproxy.domain.config.AdmissionLimits;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.routing.Sleeper;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Admission control in front of the chain executor (an unbounded queue turns a slowdown into an outage). At
 * most {@code maxConcurrent} requests do upstream work at once; up to {@code queueDepth} more wait, each for at most
 * {@code queueWait}, which is separate from the chain budget (that starts when the request leaves the queue).
 * A full queue refuses at once. Non-blocking: waiting is a future.
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
    private final ArrayDeque<Waiter> queue = new ArrayDeque<>();
    private int running;
    private long rejectedFull;
    private long timedOut;

    public Admission(Supplier<AdmissionLimits> limits, Clock clock, Sleeper sleeper) {
        this.limits = limits;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /**
     * @return a future ticket; it fails at once with a 503 {@link ProxyException} when the queue is full, or later when
     * the wait passes the queue-wait limit. Cancelling it while queued gives up the place.
     */
    public CompletableFuture<Ticket> admit() {
        AdmissionLimits l = limits.get();
        Instant now = clock.instant();
        Waiter w;
        synchronized (this) {
            if (running < l.maxConcurrent() && queue.isEmpty()) {
                running++;
                return CompletableFuture.completedFuture(new Slot(Duration.ZERO));
            }
            if (queue.size() >= l.queueDepth()) {
                rejectedFull++;
                return CompletableFuture.failedFuture(new ProxyException(new ProxyError(ErrorKind.UNAVAILABLE,
                        "The proxy is at capacity: queue is full (" + queue.size() + " pending); retry shortly.", null,
                        Duration.ofSeconds(1))));
            }
            w = new Waiter(now, queue.size() + 1);
            queue.addLast(w);
        }
        CompletableFuture<Void> timer = sleeper.sleep(l.queueWait());
        timer.whenComplete((v, e) -> {
            if (!timer.isCancelled()) {
                expire(w);
            }
        });
        w.future.whenComplete((t, e) -> {
            timer.cancel(false);
            if (w.future.isCancelled()) {
                abandon(w);
            }
        });
        return w.future;
    }

    public synchronized int running() {
        return running;
    }

    public synchronized int queued() {
        return queue.size();
    }

    public synchronized long rejectedFull() {
        return rejectedFull;
    }

    public synchronized long timedOut() {
        return timedOut;
    }

    private void expire(Waiter w) {
        synchronized (this) {
            if (!queue.remove(w)) {
                return;
            }
            timedOut++;
        }
        Duration waited = Duration.between(w.enqueuedAt, clock.instant());
        w.future.completeExceptionally(new ProxyException(new ProxyError(ErrorKind.UNAVAILABLE, "Timed out after waiting "
                + Math.max(1, Math.round(waited.toMillis() / 1000.0)) + " s in queue; position was " + w.position + ".", null,
                Duration.ofSeconds(1))));
    }

    private void abandon(Waiter w) {
        synchronized (this) {
            queue.remove(w);
        }
    }

    private void release() {
        Waiter next;
        synchronized (this) {
            next = null;
            Iterator<Waiter> it = queue.iterator();
            while (it.hasNext()) {
                Waiter w = it.next();
                it.remove();
                if (!w.future.isDone()) {
                    next = w;
                    break;
                }
            }
            if (next == null) {
                running--;
                return;
            }
            // the slot passes straight to the next waiter: running stays the same
        }
        Duration waited = Duration.between(next.enqueuedAt, clock.instant());
        if (!next.future.complete(new Slot(waited))) {
            release(); // cancelled in the meantime: pass the slot on
        }
    }

    private static final class Waiter {
        final Instant enqueuedAt;
        final int position;
        final CompletableFuture<Ticket> future = new CompletableFuture<>();

        Waiter(Instant enqueuedAt, int position) {
            this.enqueuedAt = enqueuedAt;
            this.position = position;
        }
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
            Admission.this.release();
        }
    }
}
