package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.RateLimitStore;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Decides the takes of concurrent requests together. One transaction per request serialised every request of a key
 * on that key's row lock, so a busy key ran at the speed of one commit after another. Here the requests that arrive
 * while a batch is being decided wait and go into the next batch, decided by whichever of them comes first, in one
 * transaction and in arrival order: each decision is the one it would have had alone, and an idle store costs a
 * request no more than before.
 */
final class CombinedTakes implements RateLimitStore {

    /** A batch's rows are locked in one statement: this keeps its parameter list short. */
    static final int MAX_BATCH = 64;

    private final Function<List<Take>, List<Decision>> decideAll;
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>();
    private boolean deciding;

    CombinedTakes(Function<List<Take>, List<Decision>> decideAll) {
        this.decideAll = decideAll;
    }

    @Override
    public Decision take(List<Bucket> buckets, Instant now) {
        Pending mine = new Pending(new Take(buckets, now));
        List<Pending> batch;
        synchronized (this) {
            waiting.add(mine);
        }
        while (true) {
            synchronized (this) {
                awaitTurn(mine);
                if (mine.settled()) {
                    return mine.decision();
                }
                deciding = true;
                batch = drain();
            }
            try {
                decide(batch);
            } finally {
                synchronized (this) {
                    deciding = false;
                    notifyAll();
                }
            }
        }
    }

    /** How many takes wait for the next batch. */
    synchronized int waiting() {
        return waiting.size();
    }

    private void awaitTurn(Pending mine) {
        while (deciding && !mine.settled()) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                waiting.remove(mine);
                throw new IllegalStateException("interrupted while waiting for the rate-limit store", e);
            }
        }
    }

    private List<Pending> drain() {
        List<Pending> batch = new ArrayList<>(Math.min(waiting.size(), MAX_BATCH));
        while (!waiting.isEmpty() && batch.size() < MAX_BATCH) {
            batch.add(waiting.poll());
        }
        return batch;
    }

    private void decide(List<Pending> batch) {
        try {
            List<Decision> decisions = decideAll.apply(batch.stream().map(Pending::take).toList());
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).settle(decisions.get(i), null);
            }
        } catch (RuntimeException | Error e) {
            batch.forEach(p -> p.settle(null, e));
        }
    }

    /** A request's take and, once its batch is decided, what came of it ({@code settled} is written last). */
    private static final class Pending {
        private final Take take;
        private volatile boolean settled;
        private Decision decision;
        private Throwable failure;

        Pending(Take take) {
            this.take = take;
        }

        Take take() {
            return take;
        }

        boolean settled() {
            return settled;
        }

        void settle(Decision d, Throwable f) {
            decision = d;
            failure = f;
            settled = true;
        }

        Decision decision() {
            if (failure != null) {
                throw new IllegalStateException("rate-limit store failed: " + failure.getMessage(), failure);
            }
            return decision;
        }
    }
}
