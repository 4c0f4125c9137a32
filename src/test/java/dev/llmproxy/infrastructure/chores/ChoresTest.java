package dev.llmproxy.infrastructure.chores;

import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class ChoresTest {

    private final ScheduledExecutorService pool = Executors.newSingleThreadScheduledExecutor();
    private final Chores chores = new Chores();

    ChoresTest() {
        // the container's managed scheduler, played by a plain one
        chores.scheduler = (ManagedScheduledExecutorService) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ManagedScheduledExecutorService.class}, (proxy, method, args) -> {
                    try {
                        return method.invoke(pool, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @AfterEach
    void stopPool() {
        pool.shutdownNow();
    }

    @Test
    void aChoreThatThrowsRunsAgainAtItsNextTurn() {
        AtomicInteger runs = new AtomicInteger();
        Chore chore = chores.every(Duration.ZERO, Duration.ofMillis(10), "fail the first time", () -> {
            if (runs.incrementAndGet() == 1) {
                throw new IllegalStateException("the database is away");
            }
        });
        await().atMost(Duration.ofSeconds(5)).until(() -> runs.get() >= 3);
        chore.stop();
    }

    @Test
    void aStoppedChoreRunsNoMore() {
        AtomicInteger runs = new AtomicInteger();
        Chore chore = chores.every(Duration.ZERO, Duration.ofMillis(10), "count", runs::incrementAndGet);
        await().atMost(Duration.ofSeconds(5)).until(() -> runs.get() >= 1);
        chore.stop();
        int stoppedAt = runs.get();
        await().during(Duration.ofMillis(100)).atMost(Duration.ofSeconds(1)).until(() -> runs.get() <= stoppedAt + 1);
        assertThat(runs.get()).isLessThanOrEqualTo(stoppedAt + 1); // one run may have been under way
        Chore.NONE.stop(); // a chore never started stops quietly
        Chore.NONE.stopNow();
    }
}
