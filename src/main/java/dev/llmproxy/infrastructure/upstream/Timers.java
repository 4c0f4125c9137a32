package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.routing.Sleeper;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One timer thread for every timeout, backoff and simulated latency; the work a timer triggers runs on the worker
 * executor, so a slow callback never delays other timers.
 *
 * <p>Nearly every timer is cancelled long before it is due (an attempt timeout on an answer that came back), several
 * per request. A hashed timer wheel (Netty's) schedules and cancels without a lock, a sorted queue or a thread
 * wake-up: a priority queue's re-sorting and its purge of cancelled timers took 8-9 % of an anonymous request's CPU
 * under load. The wheel turns every {@link #TICK}; a timer fires on the first tick at or after its due time: at most
 * one tick late, never early.
 */
public final class Timers implements Sleeper, AutoCloseable {

    static final long TICK = TimeUnit.MILLISECONDS.toNanos(5);
    /** One turn of the wheel is 2.56 s: longer timers go round again, counted down per turn. */
    private static final int TICKS_PER_WHEEL = 512;

    private final HashedWheelTimer wheel;
    private final Executor workers;

    public Timers(Executor workers) {
        this.workers = workers;
        this.wheel = new HashedWheelTimer(r -> {
            Thread t = new Thread(r, "proxy-timers");
            t.setDaemon(true);
            return t;
        }, TICK, TimeUnit.NANOSECONDS, TICKS_PER_WHEEL, false);
    }

    public ScheduledFuture<?> schedule(Duration delay, Runnable task) {
        long nanos = Math.max(0, delay.toNanos());
        Timer timer = new Timer(task, workers, System.nanoTime() + nanos);
        timer.timeout = wheel.newTimeout(t -> timer.run(), nanos, TimeUnit.NANOSECONDS);
        return timer;
    }

    @Override
    public CompletableFuture<Void> sleep(Duration duration) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        ScheduledFuture<?> timer = schedule(duration, () -> done.complete(null));
        done.whenComplete((v, e) -> timer.cancel(false));
        return done;
    }

    @Override
    public void close() {
        wheel.stop();
    }

    /** A scheduled task that lets go of its work when cancelled and hands it to the workers when due. */
    private static final class Timer implements ScheduledFuture<Object> {
        /**
         * What {@link #get} throws once cancelled, one for all: {@code CompletableFuture.cancel} makes a new exception
         * and walks the stack to fill it in for every timer it cancels, and every request cancels a few (an allocation
         * profile at saturation found a seventh of its samples there).
         */
        private static final CancellationException CANCELLED = new CancellationException("the timer was cancelled");
        private final Executor workers;
        private final CompletableFuture<Object> done = new CompletableFuture<>();
        private final long due;
        private volatile Runnable task;
        volatile Timeout timeout;

        Timer(Runnable task, Executor workers, long due) {
            this.task = task;
            this.workers = workers;
            this.due = due;
        }

        void run() {
            Runnable t = task;
            task = null;
            if (t != null) {
                workers.execute(t);
            }
            done.complete(null);
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            task = null;
            boolean cancelled = timeout.cancel();
            done.completeExceptionally(CANCELLED);
            return cancelled;
        }

        @Override public boolean isCancelled() { return timeout.isCancelled(); }
        @Override public boolean isDone() { return timeout.isExpired() || timeout.isCancelled(); }
        @Override public long getDelay(TimeUnit unit) {
            return isDone() ? 0 : unit.convert(Math.max(0, due - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
        @Override public int compareTo(Delayed o) {
            return Long.compare(getDelay(TimeUnit.NANOSECONDS), o.getDelay(TimeUnit.NANOSECONDS));
        }
        @Override public Object get() throws InterruptedException, ExecutionException { return done.get(); }
        @Override public Object get(long t, TimeUnit unit)
                throws InterruptedException, ExecutionException, TimeoutException {
            return done.get(t, unit);
        }
    }
}
