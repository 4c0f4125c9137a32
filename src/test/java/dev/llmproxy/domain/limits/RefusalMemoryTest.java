package dev.llmproxy.domain.limits;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** A window the store said is full is refused from memory until its room returns, and the refusals form one run. */
class RefusalMemoryTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    private final Window perMinute = new Window("ipLimitPerMinute", Duration.ofMinutes(1), 3);
    private final Window perHour = new Window("ipLimitPerHour", Duration.ofHours(1), 100);
    private final Bucket client = new Bucket("ip:c1", List.of(perMinute, perHour));
    private final Bucket other = new Bucket("ip:c2", List.of(perMinute, perHour));
    private final RefusalMemory<String> memory = new RefusalMemory<>();

    @Test
    void aFullWindowIsRefusedUntilItsRoomReturnsAndOnlyForThatCaller() {
        assertThat(memory.recall(List.of(client), T0, r -> "r0")).isNull();
        memory.remember(new Decision.Refused(client.key(), perMinute, Duration.ofSeconds(40)), T0);

        Decision.Refused again = memory.recall(List.of(client), T0.plusSeconds(10), r -> "r1");
        assertThat(again.limit()).isEqualTo(perMinute);
        assertThat(again.retryAfter()).isEqualTo(Duration.ofSeconds(30));
        assertThat(memory.recall(List.of(other), T0.plusSeconds(10), r -> "x")).isNull();
        assertThat(memory.recall(List.of(client), T0.plusSeconds(40), r -> "r2")).as("room has returned").isNull();
    }

    @Test
    void aChangedLimitIsAskedAboutAfresh() {
        memory.remember(new Decision.Refused(client.key(), perMinute, Duration.ofSeconds(40)), T0);
        Bucket raised = new Bucket(client.key(), List.of(new Window("ipLimitPerMinute", Duration.ofMinutes(1), 10)));
        assertThat(memory.recall(List.of(raised), T0.plusSeconds(1), r -> "r1")).isNull();
    }

    @Test
    void theRefusalsFromMemoryAreOneRunWithItsCountAndItsFirstAndLastTimesHandedOutOnceItIsOver() {
        memory.remember(new Decision.Refused(client.key(), perMinute, Duration.ofSeconds(40)), T0);
        for (int i = 1; i <= 25; i++) {
            String id = "r" + i;
            assertThat(memory.recall(List.of(client), T0.plusSeconds(i), r -> id)).isNotNull();
        }
        assertThat(memory.ended(T0.plusSeconds(39))).as("not over yet").isEmpty();
        List<RefusalMemory.Run<String>> runs = memory.ended(T0.plusSeconds(40));
        assertThat(runs).singleElement().satisfies(run -> {
            assertThat(run.first()).isEqualTo("r1");
            assertThat(run.count()).isEqualTo(25);
            assertThat(run.firstAt()).isEqualTo(T0.plusSeconds(1));
            assertThat(run.lastAt()).isEqualTo(T0.plusSeconds(25));
            assertThat(run.refused().limit()).isEqualTo(perMinute);
        });
        assertThat(memory.ended(T0.plusSeconds(41))).isEmpty();
    }

    @Test
    void aNewRefusalFromTheStoreEndsTheRunBeforeIt() {
        memory.remember(new Decision.Refused(client.key(), perMinute, Duration.ofSeconds(5)), T0);
        memory.recall(List.of(client), T0.plusSeconds(1), r -> "r1");
        memory.remember(new Decision.Refused(client.key(), perMinute, Duration.ofSeconds(30)),
                T0.plusSeconds(6));
        memory.recall(List.of(client), T0.plusSeconds(7), r -> "r2");
        assertThat(memory.ended(T0.plusSeconds(8))).extracting(RefusalMemory.Run::first).containsExactly("r1");
        assertThat(memory.all()).extracting(RefusalMemory.Run::first).containsExactly("r2");
        assertThat(memory.all()).as("each run handed out once").isEmpty();
    }

    @Test
    void concurrentRefusalsAreEachCountedOnce() throws Exception {
        memory.remember(new Decision.Refused(client.key(), perMinute, Duration.ofSeconds(40)), T0);
        AtomicInteger refused = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        for (int i = 0; i < 8; i++) {
            pool.submit(() -> {
                for (int j = 0; j < 1000; j++) {
                    if (memory.recall(List.of(client), T0.plusSeconds(1), r -> "r") != null) {
                        refused.incrementAndGet();
                    }
                }
            });
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        assertThat(refused.get()).isEqualTo(8000);
        assertThat(memory.ended(T0.plusSeconds(40))).singleElement()
                .satisfies(run -> assertThat(run.count()).isEqualTo(8000));
    }
}
