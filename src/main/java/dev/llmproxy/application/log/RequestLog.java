package dev.llmproxy.application.log;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.log.RequestLogRepository;
import dev.llmproxy.domain.log.RequestRecord;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/** The request log as the rest of the application sees it: submit never blocks; writing is batched behind it. */
@ApplicationScoped
public class RequestLog {

    private static final Logger LOG = Logger.getLogger(RequestLog.class.getName());
    /** Rows the queue holds while the database is behind; past it the newest are dropped and counted (docs say it). */
    public static final int CAPACITY = 200_000;
    /**
     * Rows per transaction at the most. Under load a batch fills before the linger is over, so its size is how long a
     * row waits in memory: 500 rows held each for most of 50 ms at saturation, long enough to outlive young
     * collections, and their promotion doubled the full collections (docs/benchmarks.md).
     */
    private static final int BATCH_SIZE = 100;
    private static final Duration LINGER = Duration.ofMillis(50);

    @Resource
    ManagedThreadFactory threads;
    @Inject
    RequestLogRepository repository;
    @Inject
    ConfigService configs;

    private volatile RequestLogBatcher batcher;
    /** What must still be written when the instance stops, before the queue is flushed. */
    private final List<Runnable> lastRows = new CopyOnWriteArrayList<>();
    private final AtomicLong withheld = new AtomicLong();

    /** Called once at startup, after the schema is in place. */
    public synchronized void start() {
        if (batcher == null) {
            batcher = new RequestLogBatcher(repository, () -> configs.current().settings().log().sync(), threads,
                    CAPACITY, BATCH_SIZE, LINGER);
            batcher.start();
        }
    }

    public void submit(RequestRecord record) {
        started().submit(record);
    }

    /** Queues a row; the future completes once it is committed (see {@link RequestLogBatcher#submitAwaiting}). */
    public CompletableFuture<Void> submitAwaiting(RequestRecord record) {
        return started().submitAwaiting(record);
    }

    private RequestLogBatcher started() {
        RequestLogBatcher b = batcher;
        if (b == null) {
            throw new IllegalStateException("the request log is not started");
        }
        return b;
    }

    /** With requestLogDurability=sync: an answer withheld because its row was not confirmed in time. */
    public void answerWithheld() {
        withheld.incrementAndGet();
    }

    /** Answers withheld since start (see {@link #answerWithheld}). */
    public long withheld() {
        return withheld.get();
    }

    /** Records waiting to be written (0 before start). */
    public int pending() {
        RequestLogBatcher b = batcher;
        return b == null ? 0 : b.pending();
    }

    /** Records dropped since start because the writer fell too far behind. */
    public long dropped() {
        RequestLogBatcher b = batcher;
        return b == null ? 0 : b.dropped();
    }

    /** Records the database refused as they were and took without their free text, since start. */
    public long reduced() {
        RequestLogBatcher b = batcher;
        return b == null ? 0 : b.reduced();
    }

    /** Records the database refused for what they held, even reduced: not in the log (each is in the server log). */
    public long refused() {
        RequestLogBatcher b = batcher;
        return b == null ? 0 : b.refused();
    }

    /** Runs {@code lastRows} when the instance stops, just before the queue is written out. */
    public void beforeStop(Runnable lastRows) {
        this.lastRows.add(lastRows);
    }

    @PreDestroy
    void flush() {
        for (Runnable r : lastRows) {
            try {
                r.run();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Request log: rows due at shutdown could not be queued", e);
            }
        }
        RequestLogBatcher b = batcher;
        if (b != null) {
            b.stop(Duration.ofSeconds(20));
        }
    }
}
