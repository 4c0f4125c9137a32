package dev.llmproxy.domain.replay;

import java.time.Instant;

/**
 * Idempotency keys and the answers kept for them, shared by every instance. A key is claimed by the first request
 * that brings it; its answer, when it succeeds, is kept until the key's window ends; when it fails the key is released
 * for a retry to run again.
 */
public interface KeptAnswers {

    /**
     * Claims {@code key} for {@code requestId}, unless a request claimed it before: a claim older than
     * {@code abandonedBefore} that kept nothing was left by an instance that stopped, and is taken over; one older than
     * {@code expiredBefore} is gone.
     */
    KeyClaim claim(AnswerKey key, String requestId, Instant now, Instant abandonedBefore, Instant expiredBefore);

    /** Keeps {@code answer} under {@code key}, which {@code answer}'s request claimed. */
    void keep(AnswerKey key, KeptAnswer answer);

    /**
     * Keeps {@code answer} under {@code key}, in place of any answer kept there before (unclaimed keys), and at most
     * {@link KeptAnswer#MOST_PER_OWNER} of its owner's: the oldest go.
     */
    void put(AnswerKey key, KeptAnswer answer);

    /** The answer kept under {@code key}, if there is one. */
    java.util.Optional<KeptAnswer> find(AnswerKey key);

    /** Releases {@code key}, which {@code requestId} claimed and answered with nothing worth keeping. */
    void release(AnswerKey key, String requestId);

    /** Forgets every key claimed before {@code cutoff}; returns how many. */
    int forgetBefore(Instant cutoff);
}
