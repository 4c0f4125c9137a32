package dev.llmproxy.application.replay;

import dev.llmproxy.domain.replay.AnswerKey;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.KeptAnswers;
import dev.llmproxy.domain.replay.KeyClaim;
import dev.llmproxy.domain.routing.Sleeper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Answers kept to be given again, for at most {@link #WINDOW}. For requests that carry an {@code Idempotency-Key}: the
 * first with a key runs and its answer is kept; a retry of it while it runs waits for that answer (looking again every
 * {@link #LOOK_AGAIN}, so that the run may be on another instance), and a retry after it gets the kept answer again. A
 * run that fails keeps nothing and releases its key: a retry runs again. For tiers that give deterministic answers
 * again: the answer kept for the same request, if it is young enough.
 */
@ApplicationScoped
public class AnswerKeeping {

    private static final Logger LOG = Logger.getLogger(AnswerKeeping.class.getName());

    /** How long an answer is kept for a retry: a day, as payment APIs keep theirs. */
    public static final Duration WINDOW = Duration.ofHours(24);
    /**
     * A claim that kept nothing for this long was left by an instance that stopped mid-run: no request runs this long
     * (a streamed answer's limits end it well before), so the next request with the key runs instead.
     */
    public static final Duration ABANDONED_AFTER = Duration.ofMinutes(15);
    /** How often a retry looks whether the run it waits for has ended. */
    public static final Duration LOOK_AGAIN = Duration.ofMillis(250);

    private final KeptAnswers store;
    private final Clock clock;
    private final Sleeper sleeper;

    @Inject
    public AnswerKeeping(KeptAnswers store, Clock clock, Sleeper sleeper) {
        this.store = store;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** For the container's client proxy. */
    protected AnswerKeeping() {
        this(null, null, null);
    }

    /**
     * Claims {@code key} for {@code requestId}; while an earlier request with it runs, looks again until
     * {@code patience} has passed. Completes with the claim ({@link KeyClaim.Running} when patience ran out), or
     * exceptionally when the store failed; cancelling it stops the looking.
     */
    public CompletableFuture<KeyClaim> claim(AnswerKey key, String requestId, Duration patience) {
        CompletableFuture<KeyClaim> claim = new CompletableFuture<>();
        look(key, requestId, clock.instant().plus(patience), claim);
        return claim;
    }

    private void look(AnswerKey key, String requestId, Instant giveUpAt, CompletableFuture<KeyClaim> claim) {
        if (claim.isDone()) {
            return;
        }
        try {
            Instant now = clock.instant();
            KeyClaim found = store.claim(key, requestId, now, now.minus(ABANDONED_AFTER), now.minus(WINDOW));
            if (!(found instanceof KeyClaim.Running) || !now.plus(LOOK_AGAIN).isBefore(giveUpAt)) {
                if (!claim.complete(found) && found instanceof KeyClaim.Ours) {
                    store.release(key, requestId); // the client left while the key became its own: nothing runs
                }
                return;
            }
        } catch (RuntimeException e) {
            claim.completeExceptionally(e);
            return;
        }
        sleeper.sleep(LOOK_AGAIN).thenRun(() -> look(key, requestId, giveUpAt, claim));
    }

    /**
     * What keeps a run's answer: for the idempotency key it claimed ({@code claimed}, or null), and under
     * {@code reused} (or null) for its tier to give again; null when there is nowhere to keep it.
     */
    public Keeping keeping(AnswerKey claimed, AnswerKey reused, String requestId) {
        return claimed == null && reused == null ? null : new Keeping(store, claimed, reused, requestId, clock);
    }

    /** The answer kept under {@code key} if it is at most {@code age} old; empty when the store fails too. */
    public Optional<KeptAnswer> keptWithin(AnswerKey key, Duration age) {
        if (age.isZero()) {
            return Optional.empty();
        }
        try {
            Instant now = clock.instant();
            return store.find(key).filter(kept -> !kept.keptAt().plus(age).isBefore(now));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not look up a kept answer", e);
            return Optional.empty();
        }
    }
}
