package dev.llmproxy.application.log;

import dev.llmproxy.domain.log.RecordRefused;
import dev.llmproxy.domain.log.RequestLogWriter;
import dev.llmproxy.domain.log.RequestRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class RequestLogBatcherTest {

    /** A repository that can be "down" and that refuses one poison record. */
    static final class FlakyRepository implements RequestLogWriter {
        final List<RequestRecord> saved = new CopyOnWriteArrayList<>();
        final AtomicBoolean down = new AtomicBoolean();
        final List<Integer> batchSizes = new CopyOnWriteArrayList<>();
        final List<Boolean> durable = new CopyOnWriteArrayList<>();

        @Override
        public void saveAll(List<RequestRecord> records, boolean mustLast) {
            if (down.get()) throw new IllegalStateException("database unreachable");
            if (records.stream().anyMatch(r -> r.requestId().equals("poison"))) throw new IllegalStateException("constraint");
            // as PostgreSQL refuses a NUL in text, and a key it already has
            if (records.stream().anyMatch(r -> r.requestedModel() != null && r.requestedModel().indexOf(0) >= 0
                    || r.requestId().equals("duplicate"))) {
                throw new RecordRefused("refused for its content", null);
            }
            batchSizes.add(records.size());
            durable.add(mustLast);
            saved.addAll(records);
        }
    }

    private static RequestRecord record(String id) {
        return new RequestRecord(id, Instant.now(), "t", "t", "m", false, 200, null, 5, null, null, null, "stop",
                false, false, false, List.of(), null, null, null, null);
    }

    @Test
    void writesInBatchesOffTheCallersThread() {
        FlakyRepository repo = new FlakyRepository();
        RequestLogBatcher b = new RequestLogBatcher(repo, () -> false, Thread::new, 1000, 50, Duration.ofMillis(5));
        repo.down.set(true);
        b.start();
        for (int i = 0; i < 120; i++) b.submit(record("r" + i));
        repo.down.set(false);
        await().atMost(Duration.ofSeconds(10)).until(() -> repo.saved.size() == 120);
        assertThat(repo.batchSizes).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(50));
        b.stop(Duration.ofSeconds(5));
    }

    @Test
    void keepsEveryRowWhileTheDatabaseIsDownAndWritesThemWhenItReturns() {
        FlakyRepository repo = new FlakyRepository();
        RequestLogBatcher b = new RequestLogBatcher(repo, () -> false, Thread::new, 1000, 10, Duration.ofMillis(5));
        b.start();
        repo.down.set(true);
        for (int i = 0; i < 25; i++) b.submit(record("d" + i));
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3)).until(() -> repo.saved.isEmpty());
        repo.down.set(false);
        await().atMost(Duration.ofSeconds(10)).until(() -> repo.saved.size() == 25);
        assertThat(b.dropped()).isZero();
        b.stop(Duration.ofSeconds(5));
    }

    @Test
    void rowsThatFailedJustBeforeTheDatabaseCameBackAreNotSkipped() {
        // down for the batch and the first two rows written one by one, then back: those two were not at fault
        AtomicInteger calls = new AtomicInteger();
        List<RequestRecord> saved = new CopyOnWriteArrayList<>();
        RequestLogWriter returning = (records, mustLast) -> {
            if (calls.incrementAndGet() <= 3) throw new IllegalStateException("database unreachable");
            saved.addAll(records);
        };
        RequestLogBatcher b = new RequestLogBatcher(returning, () -> false, Thread::new, 1000, 10, Duration.ZERO);
        var first = b.submitAwaiting(record("x1"));
        b.submit(record("x2"));
        b.submit(record("x3"));
        b.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> saved.size() == 3);
        assertThat(saved).extracting(RequestRecord::requestId).containsExactlyInAnyOrder("x1", "x2", "x3");
        assertThat(first).isCompleted();
        assertThat(b.refused()).isZero();
        b.stop(Duration.ofSeconds(5));
    }

    @Test
    void aRowTheDatabaseRefusesDoesNotStallTheOthers() {
        FlakyRepository repo = new FlakyRepository();
        RequestLogBatcher b = new RequestLogBatcher(repo, () -> false, Thread::new, 1000, 10, Duration.ofMillis(5));
        b.start();
        b.submit(record("a"));
        b.submit(record("poison"));
        b.submit(record("c"));
        await().atMost(Duration.ofSeconds(10)).until(() -> repo.saved.size() == 2);
        b.submit(record("d"));
        await().atMost(Duration.ofSeconds(10)).until(() -> repo.saved.size() == 3);
        b.stop(Duration.ofSeconds(5));
    }

    @Test
    void aRowRefusedForWhatItHoldsIsWrittenWithoutItsFreeTextAndTheLogGoesOn() {
        FlakyRepository repo = new FlakyRepository();
        RequestLogBatcher b = new RequestLogBatcher(repo, () -> false, Thread::new, 1000, 10, Duration.ZERO);
        b.start();
        RequestRecord hostile = new RequestRecord("nul", Instant.now(), null, "a\u0000b", null, false, 403,
                "cost_safety", 1, null, null, null, null, false, false, false, List.of(), null, null, null, "x\u0000");
        var committed = b.submitAwaiting(hostile); // alone in its batch: it must not look like an outage
        await().atMost(Duration.ofSeconds(5)).until(committed::isDone);
        b.submit(record("after"));
        await().atMost(Duration.ofSeconds(5)).until(() -> repo.saved.size() == 2);
        assertThat(committed).isCompleted();
        assertThat(repo.saved.get(0).requestId()).isEqualTo("nul");
        assertThat(repo.saved.get(0).requestedModel()).isNull();
        assertThat(repo.saved.get(0).promptExcerpt()).isNull();
        assertThat(repo.saved.get(0).errorCode()).isEqualTo("cost_safety");
        assertThat(b.reduced()).isEqualTo(1);
        assertThat(b.refused()).isZero();
        b.stop(Duration.ofSeconds(5));
    }

    @Test
    void aRowRefusedEvenWithoutItsFreeTextIsDroppedAndCountedNeverRetried() {
        FlakyRepository repo = new FlakyRepository();
        RequestLogBatcher b = new RequestLogBatcher(repo, () -> false, Thread::new, 1000, 10, Duration.ZERO);
        b.start();
        var committed = b.submitAwaiting(record("duplicate"));
        await().atMost(Duration.ofSeconds(5)).until(committed::isDone);
        assertThat(committed).isCompletedExceptionally();
        b.submit(record("after"));
        await().atMost(Duration.ofSeconds(5)).until(() -> repo.saved.size() == 1);
        assertThat(b.refused()).isEqualTo(1);
        b.stop(Duration.ofSeconds(5));
    }

    @Test
    void stopFlushesWhatIsQueued() {
        FlakyRepository repo = new FlakyRepository();
        RequestLogBatcher b = new RequestLogBatcher(repo, () -> false, Thread::new, 1000, 500, Duration.ofMillis(5));
        b.start();
        for (int i = 0; i < 300; i++) b.submit(record("s" + i));
        b.stop(Duration.ofSeconds(10));
        assertThat(repo.saved).hasSize(300);
    }

    @Test
    void aFullQueueDropsAndCountsInsteadOfBlockingTheResponse() {
        FlakyRepository repo = new FlakyRepository();
        RequestLogBatcher b = new RequestLogBatcher(repo, () -> false, Thread::new, 5, 5, Duration.ofMillis(5));
        for (int i = 0; i < 8; i++) b.submit(record("f" + i));
        assertThat(b.dropped()).isEqualTo(3);
        assertThat(b.pending()).isEqualTo(5);
    }

    @Test
    void anAwaitedRowIsConfirmedOnlyOnceItsBatchCommitted() {
        FlakyRepository repo = new FlakyRepository();
        // a long linger: an awaited row must not wait for it (group commit)
        RequestLogBatcher b = new RequestLogBatcher(repo, () -> false, Thread::new, 1000, 100, Duration.ofSeconds(30));
        repo.down.set(true);
        b.start();
        var committed = b.submitAwaiting(record("sync-1"));
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> !committed.isDone());
        repo.down.set(false);
        await().atMost(Duration.ofSeconds(5)).until(committed::isDone);
        assertThat(committed).isCompleted();
        assertThat(repo.saved).extracting(RequestRecord::requestId).contains("sync-1");
        b.stop(Duration.ofSeconds(5));
    }

    @Test
    void anAwaitedRowTheDatabaseRefusesFailsItsFuture() {
        FlakyRepository repo = new FlakyRepository();
        RequestLogBatcher b = new RequestLogBatcher(repo, () -> false, Thread::new, 1000, 100, Duration.ZERO);
        repo.down.set(true); // both rows queue up and go in one batch; alone, a refused row looks like an outage
        var ok = b.submitAwaiting(record("fine"));
        var refused = b.submitAwaiting(record("poison"));
        b.start();
        repo.down.set(false);
        await().atMost(Duration.ofSeconds(5)).until(() -> ok.isDone() && refused.isDone());
        assertThat(ok).isCompleted();
        assertThat(refused).isCompletedExceptionally();
        b.stop(Duration.ofSeconds(5));
    }

    @Test
    void aRowThatFindsTheQueueFullIsRefusedAtOnce() {
        FlakyRepository repo = new FlakyRepository();
        RequestLogBatcher b = new RequestLogBatcher(repo, () -> false, Thread::new, 1, 10, Duration.ZERO); // never started
        b.submit(record("first"));
        assertThat(b.submitAwaiting(record("second"))).isCompletedExceptionally();
        assertThat(b.dropped()).isEqualTo(1);
    }

    @Test
    void aBatchIsDurableWhileAnswersWaitForTheirRowsOrWhenOneOfItsRowsIsAwaited() {
        FlakyRepository repo = new FlakyRepository();
        AtomicBoolean sync = new AtomicBoolean();
        RequestLogBatcher b = new RequestLogBatcher(repo, sync::get, Thread::new, 1000, 100, Duration.ZERO);
        b.start();
        b.submit(record("plain"));
        await().until(() -> repo.saved.size() == 1);
        b.submitAwaiting(record("awaited")).join();
        sync.set(true);
        b.submit(record("under-sync"));
        await().until(() -> repo.saved.size() == 3);
        b.stop(Duration.ofSeconds(5));
        assertThat(repo.durable).containsExactly(false, true, true);
    }
}
