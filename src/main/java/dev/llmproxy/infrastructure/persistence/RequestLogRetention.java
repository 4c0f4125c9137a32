package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.replay.AnswerKeeping;
import dev.llmproxy.domain.replay.KeptAnswers;
import dev.llmproxy.infrastructure.chores.Chore;
import dev.llmproxy.infrastructure.chores.Chores;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Keeps the request log to {@code requestLogRetentionDays} (0: for ever): every few minutes, on each instance, the
 * rows older than that go, a thousand per transaction and at most a hundred thousand per run, so that a first purge of
 * a large backlog spreads over several runs instead of loading the database at once. The hourly totals stay longer
 * ({@link #TOTALS_KEPT}, or the log's retention when that is longer). Idempotency keys and their answers go when their
 * window ends ({@link AnswerKeeping#WINDOW}), whatever the log's retention.
 */
@ApplicationScoped
public class RequestLogRetention {

    private static final Logger LOG = Logger.getLogger(RequestLogRetention.class.getName());
    static final int BATCH = 1_000;
    static final int MAX_BATCHES_PER_RUN = 100;
    private static final long EVERY_MINUTES = 10;
    /** Hourly totals are a row per model, tier and key an hour saw: kept at least a year and a month, for spend. */
    static final Duration TOTALS_KEPT = Duration.ofDays(400);

    private final DataSource dataSource;
    private final ConfigService configs;
    private final Clock clock;
    private final Chores chores;
    private final KeptAnswers keptAnswers;

    private Chore job = Chore.NONE;

    @Inject
    RequestLogRetention(@ProxyDatabase DataSource dataSource, ConfigService configs, Clock clock, Chores chores,
                        KeptAnswers keptAnswers) {
        this.dataSource = dataSource;
        this.keptAnswers = keptAnswers;
        this.configs = configs;
        this.clock = clock;
        this.chores = chores;
    }

    /** For the container's client proxy. */
    protected RequestLogRetention() {
        this(null, null, null, null, null);
    }

    /** Called once at startup, after the schema is in place. */
    public synchronized void start() {
        if (job == Chore.NONE) {
            job = chores.every(Duration.ofMinutes(1), Duration.ofMinutes(EVERY_MINUTES), "purge the request log",
                    this::purge);
        }
    }

    void purge() {
        forgetKeptAnswers();
        long days = configs.current().settings().log().retentionDays();
        if (days <= 0) {
            return;
        }
        Instant cutoff = clock.instant().minus(Duration.ofDays(days));
        RequestLogPurge purge = new RequestLogPurge(dataSource);
        long deleted = 0;
        try {
            for (int i = 0; i < MAX_BATCHES_PER_RUN; i++) {
                int n = purge.purgeBatch(cutoff, BATCH);
                deleted += n;
                if (n < BATCH) {
                    break;
                }
            }
            purge.purgeStoredResponses(cutoff);
            Instant keptFrom = clock.instant().minus(TOTALS_KEPT);
            purge.purgeTotals(cutoff.isBefore(keptFrom) ? cutoff : keptFrom);
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.WARNING, "Request log retention: purge stopped after " + deleted + " rows", e);
        }
        if (deleted > 0) {
            LOG.info("Request log retention: " + deleted + " rows older than " + days + " days deleted");
        }
    }

    private void forgetKeptAnswers() {
        try {
            int forgotten = keptAnswers.forgetBefore(clock.instant().minus(AnswerKeeping.WINDOW));
            if (forgotten > 0) {
                LOG.fine(() -> forgotten + " idempotency keys past their window forgotten");
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Idempotency keys past their window could not be forgotten", e);
        }
    }

    @PreDestroy
    void stop() {
        job.stop();
    }
}
