package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.routing.Sleeper;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One timer thread for every timeout, backoff and simulated latency; the work a timer triggers runs on the worker
 * executor, so a slow callback never delays other timers.
 *
 * <p>Nearly every timer is cancelled long before it is due (an attempt timeout on an answer that came back), so
 * scheduling must not cost a thread wake-up. Due times are rounded up to a {@link #TICK}: timers due in the same tick
 * fire on one wake-up, and a timer due after the next planned wake-up never wakes the thread. Cancelled timers stay
 * queued (removing each one re-sorts the queue and signals the thread) but drop their task at once, and a purge every
 * second bounds what they hold. A timer fires at most one tick late, never early.
 */
public final class Timers implements Sleeper, AutoCloseable {

    static final long TICK = TimeUnit.MILLISECONDS.toNanos(5);
    private static final long PURGE_EVERY_SECONDS = 1;

    private final ScheduledThreadPoolExecutor scheduler;
    private final Executor workers;

    public Timers(Executor workers) {
        this.workers = workers;
        this.scheduler = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "proxy-timers");
            t.setDaemon(true);
            return t;
        });
        this.scheduler.setRemoveOnCancelPolicy(false);
        this.scheduler.scheduleWithFixedDelay(scheduler::purge, PURGE_EVERY_SECONDS, PURGE_EVERY_SECONDS, TimeUnit.SECONDS);
    }

    public ScheduledFuture<?> schedule(Duration delay, Runnable task) {
        Timer timer = new Timer(task, workers);
        long now = System.nanoTime();
        long due = now + Math.max(0, delay.toNanos());
        timer.future = scheduler.schedule(timer, roundUp(due) - now, TimeUnit.NANOSECONDS);
        return timer;
    }

    /** The first tick boundary at or after {@code due} (nanoTime values; only differences are meaningful). */
    static long roundUp(long due) {
        long r = Math.floorMod(due, TICK);
        return r == 0 ? due : due + (TICK - r);
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
        scheduler.shutdownNow();
    }

    /** A scheduled task that lets go of its work when cancelled, so a queued cancelled timer holds nothing. */
    private static final class Timer implements Runnable, ScheduledFuture<Object> {
        private final Executor workers;
        private volatile Runnable task;
        volatile ScheduledFuture<?> future;

        Timer(Runnable task, Executor workers) {
            this.task = task;
            this.workers = workers;
        }

        @Override
        public void run() {
            Runnable t = task;
            task = null;
            if (t != null) {
                workers.execute(t);
            }
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            task = null;
            return future.cancel(false);
        }

        @Override public boolean isCancelled() { return future.isCancelled(); }
        @Override public boolean isDone() { return future.isDone(); }
        @Override public long getDelay(TimeUnit unit) { return future.getDelay(unit); }
        @Override public int compareTo(Delayed o) { return future.compareTo(o); }
        @Override public Object get() throws InterruptedException, ExecutionException { return future.get(); }
        @Override public Object get(long timeout, TimeUnit unit)
                throws InterruptedException, ExecutionException, TimeoutException {
            return future.get(timeout, unit);
        }
    }
}
