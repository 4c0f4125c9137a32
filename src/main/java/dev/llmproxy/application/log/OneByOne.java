package dev.llmproxy.application.log;

import dev.llmproxy.application.log.RequestLogBatcher.Entry;
import dev.llmproxy.domain.log.RecordRefused;
import dev.llmproxy.domain.log.RequestLogWriter;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The rows of a batch the database refused, written one at a time. A row refused for what it holds is written
 * without its free text, else dropped; a row is never retried for its content, so one that no database would take
 * cannot stall the log. Both are counted.
 */
final class OneByOne {

    private static final Logger LOG = Logger.getLogger(OneByOne.class.getName());

    private final RequestLogWriter repository;
    private final AtomicLong reduced = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();

    OneByOne(RequestLogWriter repository) {
        this.repository = repository;
    }

    /**
     * Writes each row on its own.
     *
     * @return whether the batch is settled (every row written, reduced or dropped); false when no row went in and
     * none was refused for its content: the database is unreachable and the batch must be kept
     */
    boolean settled(List<Entry> batch, boolean mustLast) {
        List<Entry> failed = new ArrayList<>();
        boolean anySettled = false;
        for (Entry e : batch) {
            try {
                writeOne(e, mustLast);
                anySettled = true;
            } catch (RuntimeException unreachable) {
                failed.add(e);
            }
        }
        if (!anySettled) {
            return false;
        }
        // A row that failed before the database came back is not at fault: each gets a second try now that it takes
        // rows, and only one that fails again is skipped.
        for (Entry e : failed) {
            try {
                writeOne(e, mustLast);
            } catch (RuntimeException again) {
                refused(e, "the database refused this record while it took others, skipped: " + e.record());
            }
        }
        return true;
    }

    /** @throws RuntimeException the database failed for another reason than the row's content */
    private void writeOne(Entry e, boolean mustLast) {
        try {
            repository.saveAll(List.of(e.record()), mustLast);
            RequestLogBatcher.committed(e, null);
            return;
        } catch (RecordRefused refusal) {
            LOG.log(Level.WARNING, "Request log: the database refused " + e.record().requestId()
                    + " as it was; writing it without its free text", refusal);
        }
        try {
            repository.saveAll(List.of(e.record().reduced()), mustLast);
            reduced.incrementAndGet();
            RequestLogBatcher.committed(e, null);
        } catch (RecordRefused again) {
            refused(e, "the database refused this record even without its free text, dropped: " + e.record());
        }
    }

    private void refused(Entry e, String why) {
        refused.incrementAndGet();
        LOG.severe("Request log: " + why);
        RequestLogBatcher.committed(e, new IllegalStateException("the database refused the request-log row"));
    }

    long reduced() {
        return reduced.get();
    }

    long refused() {
        return refused.get();
    }
}
