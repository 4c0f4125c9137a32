package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.routing.Sleeper;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One timer thread for every timeout, backoff and simulated latency; the work a timer triggers runs on the worker
 * executor, so a slow callback never delays other timers.
 */
public final class Timers implements Sleeper, AutoCloseable {

    private final ScheduledThreadPoolExecutor scheduler;
    private final Executor workers;

    public Timers(Executor workers) {
        this.workers = workers;
        this.scheduler = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "proxy-timers");
            t.setDaemon(true);
            return t;
        });
        this.scheduler.setRemoveOnCancelPolicy(true);
    }

    public ScheduledFuture<?> schedule(Duration delay, Runnable task) {
        return scheduler.schedule(() -> workers.execute(task), Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
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
}
