package dev.llmproxy.infrastructure.spend;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Settlements one shared store has not taken yet, written to it in batches off the request path; while it is down
 * they wait, and are written when it answers again.
 */
final class SettlementQueue {

    private static final Logger LOG = Logger.getLogger(SettlementQueue.class.getName());
    private static final int BATCH = 500;

    private final String store;
    private final Consumer<List<Settlement>> writer;
    private final Queue<Settlement> waiting = new ConcurrentLinkedQueue<>();

    /** @param writer writes one batch, all or nothing; throws when the store cannot take it */
    SettlementQueue(String store, Consumer<List<Settlement>> writer) {
        this.store = store;
        this.writer = writer;
    }

    void add(Settlement s) {
        waiting.add(s);
    }

    /**
     * Writes what waits, in batches of up to {@value #BATCH}; a batch that fails stays (the store is down). One writer
     * at a time: each takes the head of the queue as its batch. @return how many were written
     */
    synchronized int write() {
        int written = 0;
        try {
            List<Settlement> batch = new ArrayList<>();
            while (true) {
                batch.clear();
                for (Settlement s : waiting) {
                    batch.add(s);
                    if (batch.size() == BATCH) {
                        break;
                    }
                }
                if (batch.isEmpty()) {
                    return written;
                }
                writer.accept(batch);
                for (int i = 0; i < batch.size(); i++) {
                    waiting.poll(); // the head of the queue is the batch just written
                }
                written += batch.size();
            }
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Budgets in " + store + " unreachable; " + waiting.size() + " settlements wait", e);
            return written;
        }
    }

    int size() {
        return waiting.size();
    }
}
