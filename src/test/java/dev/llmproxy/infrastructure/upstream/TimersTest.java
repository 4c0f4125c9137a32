package dev.llmproxy.infrastructure.upstream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimersTest {

    private final ExecutorService workers = Executors.newFixedThreadPool(2);
    private final Timers timers = new Timers(workers);

    @AfterEach
    void stop() {
        timers.close();
        workers.shutdownNow();
    }

    @Test
    void aTimerNeverFiresEarly() {
        long start = System.nanoTime();
        CompletableFuture<Long> fired = new CompletableFuture<>();
        timers.schedule(Duration.ofMillis(40), () -> fired.complete(System.nanoTime()));
        long elapsed = fired.orTimeout(5, TimeUnit.SECONDS).join() - start;
        assertTrue(elapsed >= TimeUnit.MILLISECONDS.toNanos(40), "fired after " + elapsed + " ns");
    }

    @Test
    void aCancelledTimerDoesNotRunAndLaterOnesStillDo() {
        AtomicInteger cancelledRuns = new AtomicInteger();
        ScheduledFuture<?> cancelled = timers.schedule(Duration.ofMillis(20), cancelledRuns::incrementAndGet);
        assertTrue(cancelled.cancel(false));
        assertTrue(cancelled.isCancelled());
        assertTrue(cancelled.isDone());
        assertThrows(CancellationException.class, cancelled::get);
        CompletableFuture<Void> later = new CompletableFuture<>();
        timers.schedule(Duration.ofMillis(60), () -> later.complete(null));
        later.orTimeout(5, TimeUnit.SECONDS).join();
        assertEquals(0, cancelledRuns.get());
    }

    @Test
    void sleepCompletesAfterItsDuration() {
        long start = System.nanoTime();
        timers.sleep(Duration.ofMillis(15)).orTimeout(5, TimeUnit.SECONDS).join();
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(15));
    }

    @Test
    void manyTimersInOneTickAllFire() {
        AtomicInteger runs = new AtomicInteger();
        for (int i = 0; i < 500; i++) {
            timers.schedule(Duration.ofMillis(10), runs::incrementAndGet);
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> runs.get() == 500);
    }
}
