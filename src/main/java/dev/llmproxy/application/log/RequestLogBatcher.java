package dev.llmproxy.application.log;

import dev.llmproxy.domain.log.RequestLogWriter;
import dev.llmproxy.domain.log.RequestRecord;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes the request log off the response path: records queue in memory and one worker writes them in batches.
 * A batch that fails is retried until the database takes it (never dropped while it is reachable); a single row the
 * database refuses while others succeed is logged in full and skipped, so one bad row cannot stall the log.
 *
 * <p>A row may be submitted {@linkplain #submitAwaiting awaiting} its commit: its future completes once the batch
 * holding it has committed. Such a batch does not linger for more rows (group commit: the rows that arrive while one
 * batch commits go together in the next), so waiting costs about one commit.
 */
public final class RequestLogBatcher {

    private static final Logger LOG = Logger.getLogger(RequestLogBatcher.class.getName());

    private final RequestLogWriter repository;
    /** Whether answers wait for their rows now (requestLogDurability=sync): then every commit must be durable. */
    private final BooleanSupplier durable;
    /** A queued row, and who waits for its commit (null: nobody). */
    record Entry(RequestRecord record, CompletableFuture<Void> committed) {
    }

    private final BlockingQueue<Entry> queue;
    private final int batchSize;
    private final Duration linger;
    private final CountDownLatch stopping = new CountDownLatch(1);
    private final AtomicLong dropped = new AtomicLong();
    private final OneByOne oneByOne;
    private final Thread worker;

    /**
     * @param linger how long a batch that is not full waits for more rows: one transaction per many rows is what
     *               keeps the writer cheap under load
     */
    public RequestLogBatcher(RequestLogWriter repository, BooleanSupplier durable, ThreadFactory threads, int capacity,
                             int batchSize, Duration linger) {
        this.repository = repository;
        this.oneByOne = new OneByOne(repository);
        this.durable = durable;
        this.linger = linger;
        this.queue = new LinkedBlockingQueue<>(capacity);
        this.batchSize = batchSize;
        this.worker = threads.newThread(this::run);
        this.worker.setName("request-log-writer");
        this.worker.setDaemon(true);
    }

    public void start() {
        worker.start();
    }

    /** Never blocks; a full queue means the database has been far behind for a long time. */
    public void submit(RequestRecord record) {
        offer(new Entry(record, null));
    }

    /**
     * Queues a row and tells when it is in the database.
     *
     * @return completes when the batch holding the row has committed; fails when the row was dropped (queue full) or
     * the database refused that row on its own
     */
    public CompletableFuture<Void> submitAwaiting(RequestRecord record) {
        CompletableFuture<Void> committed = new CompletableFuture<>();
        if (!offer(new Entry(record, committed))) {
            committed.completeExceptionally(new IllegalStateException("the request log queue is full"));
        }
        return committed;
    }

    private boolean offer(Entry entry) {
        if (queue.offer(entry)) {
            return true;
        }
        long n = dropped.incrementAndGet();
        if (n == 1 || n % 1000 == 0) {
            LOG.severe("Request log queue is full; " + n + " records dropped so far (is the database down?)");
        }
        return false;
    }

    public long dropped() { return dropped.get(); }
    /** Rows the database refused as they were, written without their free text ({@link RequestRecord#reduced}). */
    public long reduced() { return oneByOne.reduced(); }
    /** Rows the database refused even so, or alone in a batch it otherwise took: not in the log. */
    public long refused() { return oneByOne.refused(); }
    public int pending() { return queue.size(); }

    /** Stops the worker after it has written everything queued (bounded by the timeout). */
    public void stop(Duration timeout) {
        stopping.countDown();
        try {
            worker.join(timeout.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!queue.isEmpty()) {
            LOG.severe("Request log: " + queue.size() + " records could not be written before shutdown");
        }
    }

    private void run() {
        List<Entry> batch = new ArrayList<>(batchSize);
        int retriesAfterStop = 0;
        while (true) {
            try {
                if (batch.isEmpty()) {
                    Entry first = queue.poll(200, TimeUnit.MILLISECONDS);
                    if (first == null) {
                        if (stopping.getCount() == 0) {
                            return;
                        }
                        continue;
                    }
                    batch.add(first);
                    queue.drainTo(batch, batchSize - 1);
                    if (batch.size() < batchSize && !linger.isZero() && batch.stream().noneMatch(e -> e.committed() != null)
                            && !stopping.await(linger.toNanos(), TimeUnit.NANOSECONDS)) {
                        queue.drainTo(batch, batchSize - batch.size());
                    }
                }
                writeOrRetain(batch);
                // The database refused every row: wait (or, when stopping, retry a few times at once) and try again.
                if (!batch.isEmpty() && stopping.await(1, TimeUnit.SECONDS) && ++retriesAfterStop > 3) {
                    LOG.severe("Request log: giving up on " + (batch.size() + queue.size()) + " records at shutdown");
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                LOG.log(Level.SEVERE, "Request log writer failed unexpectedly", e);
            }
        }
    }

    /** Writes the batch; on return it holds only rows that still need writing. */
    private void writeOrRetain(List<Entry> batch) {
        // awaited rows are durable even in the moment the setting turns async: their answers were promised that
        boolean mustLast = durable.getAsBoolean() || batch.stream().anyMatch(e -> e.committed() != null);
        try {
            repository.saveAll(batch.stream().map(Entry::record).toList(), mustLast);
            batch.forEach(e -> committed(e, null));
            batch.clear();
            return;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Request log batch of " + batch.size() + " failed; writing its rows one by one", e);
        }
        if (oneByOne.settled(batch, mustLast)) {
            batch.clear();
        }
    }

    static void committed(Entry e, Throwable failure) {
        if (e.committed() != null) {
            if (failure == null) {
                e.committed().complete(null);
            } else {
                e.committed().completeExceptionally(failure);
            }
        }
    }
}
