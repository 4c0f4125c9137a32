package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class CombinedTakesTest {

    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private final ExecutorService callers = Executors.newFixedThreadPool(4);
    private final List<List<String>> batches = new CopyOnWriteArrayList<>();
    private final CountDownLatch firstBatchMayEnd = new CountDownLatch(1);

    @AfterEach
    void stop() {
        callers.shutdownNow();
    }

    private static List<Bucket> bucket(String key) {
        return List.of(new Bucket(key, List.of(new Window("w", Duration.ofMinutes(1), 1))));
    }

    /** Refuses every take naming its own bucket, so each caller can tell its own answer; the first batch waits. */
    private Function<List<Take>, List<Decision>> recording() {
        return takes -> {
            List<String> keys = takes.stream().map(t -> t.buckets().get(0).key()).toList();
            batches.add(keys);
            if (batches.size() == 1) {
                try {
                    firstBatchMayEnd.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return keys.stream().map(k -> (Decision) new Decision.Refused(k, null, Duration.ZERO)).toList();
        };
    }

    private CompletableFuture<Decision> take(CombinedTakes store, String key) {
        return CompletableFuture.supplyAsync(() -> store.take(bucket(key), NOW), callers);
    }

    @Test
    void aLoneTakeIsDecidedAtOnce() {
        firstBatchMayEnd.countDown();
        CombinedTakes store = new CombinedTakes(recording());
        assertThat(((Decision.Refused) store.take(bucket("a"), NOW)).bucketKey()).isEqualTo("a");
        assertThat(batches).containsExactly(List.of("a"));
    }

    @Test
    void takesThatArriveWhileABatchIsDecidedGoTogetherInArrivalOrder() throws Exception {
        CombinedTakes store = new CombinedTakes(recording());
        CompletableFuture<Decision> first = take(store, "first");
        await().until(() -> batches.size() == 1);
        CompletableFuture<Decision> b = take(store, "b");
        await().until(() -> store.waiting() == 1);
        CompletableFuture<Decision> c = take(store, "c");
        await().until(() -> store.waiting() == 2);
        CompletableFuture<Decision> d = take(store, "d");
        await().until(() -> store.waiting() == 3);

        firstBatchMayEnd.countDown();

        for (var e : List.of(first, b, c, d)) {
            e.get(10, TimeUnit.SECONDS);
        }
        assertThat(batches).containsExactly(List.of("first"), List.of("b", "c", "d"));
        assertThat(((Decision.Refused) c.get()).bucketKey()).isEqualTo("c");
        assertThat(((Decision.Refused) d.get()).bucketKey()).isEqualTo("d");
    }

    @Test
    void aFailedBatchFailsEachOfItsTakesAndTheNextBatchStillRuns() {
        CombinedTakes store = new CombinedTakes(takes -> {
            if (takes.get(0).buckets().get(0).key().equals("broken")) {
                throw new IllegalStateException("database gone");
            }
            return takes.stream().map(t -> (Decision) Decision.ALLOWED).toList();
        });
        assertThat(take(store, "broken")).failsWithin(Duration.ofSeconds(10))
                .withThrowableThat().withMessageContaining("database gone");
        assertThat(store.take(bucket("fine"), NOW)).isEqualTo(Decision.ALLOWED);
    }
}
