package dev.llmproxy.application.replay;

import dev.llmproxy.domain.replay.AnswerKey;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.KeptAnswers;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The end of a run whose answer is kept: for the idempotency key it claimed (or that key released, when there is
 * nothing to keep), and for its tier to give again. Once; a store that fails is logged and the answer goes out all the
 * same (a retry then waits out the claim, or finds the key free).
 */
public final class Keeping {

    private static final Logger LOG = Logger.getLogger(Keeping.class.getName());

    private final KeptAnswers store;
    private final AnswerKey claimed;
    private final AnswerKey reused;
    private final String requestId;
    private final Clock clock;
    private final AtomicBoolean ended = new AtomicBoolean();

    /**
     * @param claimed the idempotency key the run claimed, or null
     * @param reused  where its tier keeps the answer to give again, or null
     */
    Keeping(KeptAnswers store, AnswerKey claimed, AnswerKey reused, String requestId, Clock clock) {
        this.store = store;
        this.claimed = claimed;
        this.reused = reused;
        this.requestId = requestId;
        this.clock = clock;
    }

    /**
     * The answer went out whole: kept, unless it is larger than {@link KeptAnswer#MAX_BYTES}.
     *
     * @param model    the allowlisted model that answered
     * @param fallback whether it was not the first of its chain
     * @param reusable whether it may be given to the same request again: a whole answer (no tool call to make, no
     *                 refusal or filter, not cut short); a replay for an idempotency key gives whatever was answered
     */
    public void keep(String model, boolean fallback, int status, String contentType, Map<String, String> headers,
                     byte[] body, boolean reusable) {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        if (body.length > KeptAnswer.MAX_BYTES) {
            LOG.info(() -> "The answer to " + requestId + " is " + body.length + " bytes, more than is kept: a retry"
                    + " runs again");
            releaseClaim();
            return;
        }
        KeptAnswer answer = new KeptAnswer(requestId, model, fallback, status, contentType, headers, body,
                clock.instant());
        if (claimed != null) {
            try {
                store.keep(claimed, answer);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Could not keep the answer to " + requestId + " for its idempotency key", e);
                releaseClaim();
            }
        }
        if (reused != null && reusable) {
            try {
                store.put(reused, answer);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Could not keep the answer to " + requestId + " for its tier to give again", e);
            }
        }
    }

    /**
     * Whether the run goes on when its client leaves: with an idempotency key it does, for the retry to get its
     * answer; an answer kept only for its tier is not worth a run nobody waits for.
     */
    public boolean outlivesClient() {
        return claimed != null;
    }

    /** Nothing worth keeping (an error, a stream cut short, a client gone): a retry runs again. */
    public void release() {
        if (ended.compareAndSet(false, true)) {
            releaseClaim();
        }
    }

    private void releaseClaim() {
        if (claimed == null) {
            return;
        }
        try {
            store.release(claimed, requestId);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not release the idempotency key of " + requestId + "; it frees itself after "
                    + AnswerKeeping.ABANDONED_AFTER.toMinutes() + " minutes", e);
        }
    }
}
