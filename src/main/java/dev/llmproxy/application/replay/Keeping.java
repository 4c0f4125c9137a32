package dev.llmproxy.application.replay;

import dev.llmproxy.domain.replay.IdempotencyKey;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.KeptAnswers;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The end of a run that claimed an idempotency key: its answer kept for retries, or the key released. Once; a store
 * that fails is logged and the answer goes out all the same (a retry then waits out the claim, or finds the key free).
 */
public final class Keeping {

    private static final Logger LOG = Logger.getLogger(Keeping.class.getName());

    private final KeptAnswers store;
    private final IdempotencyKey key;
    private final String requestId;
    private final Clock clock;
    private final AtomicBoolean ended = new AtomicBoolean();

    Keeping(KeptAnswers store, IdempotencyKey key, String requestId, Clock clock) {
        this.store = store;
        this.key = key;
        this.requestId = requestId;
        this.clock = clock;
    }

    /**
     * The answer went out whole: kept, unless it is larger than {@link KeptAnswer#MAX_BYTES}.
     *
     * @param model    the allowlisted model that answered
     * @param fallback whether it was not the first of its chain
     */
    public void keep(String model, boolean fallback, int status, String contentType, Map<String, String> headers,
                     byte[] body) {
        if (body.length > KeptAnswer.MAX_BYTES) {
            LOG.info(() -> "The answer to " + requestId + " is " + body.length + " bytes, more than an idempotency key"
                    + " keeps: a retry runs again");
            release();
            return;
        }
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        try {
            store.keep(key, new KeptAnswer(requestId, model, fallback, status, contentType, headers, body), clock.instant());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not keep the answer to " + requestId + " for its idempotency key", e);
            ended.set(false);
            release();
        }
    }

    /** Nothing worth keeping (an error, a stream cut short, a client gone): a retry runs again. */
    public void release() {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        try {
            store.release(key, requestId);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not release the idempotency key of " + requestId + "; it frees itself after "
                    + Idempotency.ABANDONED_AFTER.toMinutes() + " minutes", e);
        }
    }
}
