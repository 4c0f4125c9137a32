package dev.llmproxy.application.replay;

import dev.llmproxy.domain.replay.AnswerKey;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.KeptAnswers;
import dev.llmproxy.domain.replay.KeyClaim;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** A retry that finds its key's run still going looks again, on a driven clock, until it ends or patience runs out. */
class AnswerKeepingTest {

    private static final AnswerKey KEY = AnswerKey.idempotent("key:1", "k", "/v1/chat/completions",
            "{}".getBytes(StandardCharsets.UTF_8));
    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-07T12:00:00Z"));
    private final Sleeper sleeper = d -> {
        clock.advance(d);
        return CompletableFuture.completedFuture(null);
    };

    /** Answers claims from a script, and remembers what it was asked. */
    private static class Scripted implements KeptAnswers {
        final Deque<KeyClaim> answers = new ArrayDeque<>();
        final List<Instant> claimedAt = new ArrayList<>();
        final List<String> calls = new ArrayList<>();
        Instant abandonedBefore;
        Instant expiredBefore;

        @Override
        public KeyClaim claim(AnswerKey key, String requestId, Instant now, Instant abandoned, Instant expired) {
            claimedAt.add(now);
            abandonedBefore = abandoned;
            expiredBefore = expired;
            KeyClaim next = answers.poll();
            if (next == null) {
                throw new IllegalStateException("the database is gone");
            }
            return next;
        }

        final Map<AnswerKey, KeptAnswer> put = new java.util.HashMap<>();

        @Override
        public void keep(AnswerKey key, KeptAnswer answer) {
            calls.add("keep " + answer.requestId() + " " + answer.body().length);
        }

        @Override
        public void put(AnswerKey key, KeptAnswer answer) {
            calls.add("put " + answer.requestId());
            put.put(key, answer);
        }

        @Override
        public java.util.Optional<KeptAnswer> find(AnswerKey key) {
            return java.util.Optional.ofNullable(put.get(key));
        }

        @Override
        public void release(AnswerKey key, String requestId) {
            calls.add("release " + requestId);
        }

        @Override
        public int forgetBefore(Instant cutoff) {
            return 0;
        }
    }

    @Test
    void aRetryWaitsForTheRunItRepeatsAndGetsItsAnswer() {
        Scripted store = new Scripted();
        KeptAnswer answer = new KeptAnswer("req_1", "m", false, 200, "application/json", Map.of(), new byte[3],
                clock.instant());
        store.answers.add(new KeyClaim.Running("req_1"));
        store.answers.add(new KeyClaim.Running("req_1"));
        store.answers.add(new KeyClaim.Kept(answer));
        CompletableFuture<KeyClaim> claim = new AnswerKeeping(store, clock, sleeper).claim(KEY, "req_2",
                Duration.ofSeconds(10));
        assertThat(claim).isCompletedWithValue(new KeyClaim.Kept(answer));
        assertThat(store.claimedAt).containsExactly(Instant.parse("2026-12-07T12:00:00Z"),
                Instant.parse("2026-12-07T12:00:00.250Z"), Instant.parse("2026-12-07T12:00:00.500Z"));
        assertThat(store.abandonedBefore).isEqualTo(Instant.parse("2026-12-07T12:00:00.500Z")
                .minus(AnswerKeeping.ABANDONED_AFTER));
        assertThat(store.expiredBefore).isEqualTo(Instant.parse("2026-12-07T12:00:00.500Z").minus(Duration.ofHours(24)));
    }

    @Test
    void aRunThatFailedLeavesTheKeyToTheRetryThatWaited() {
        Scripted store = new Scripted();
        store.answers.add(new KeyClaim.Running("req_1"));
        store.answers.add(new KeyClaim.Ours());
        assertThat(new AnswerKeeping(store, clock, sleeper).claim(KEY, "req_2", Duration.ofSeconds(10)))
                .isCompletedWithValue(new KeyClaim.Ours());
    }

    @Test
    void aRetryWhosePatienceRunsOutIsToldTheRunIsStillGoing() {
        Scripted store = new Scripted();
        for (int i = 0; i < 10; i++) {
            store.answers.add(new KeyClaim.Running("req_1"));
        }
        assertThat(new AnswerKeeping(store, clock, sleeper).claim(KEY, "req_2", Duration.ofSeconds(1)))
                .isCompletedWithValue(new KeyClaim.Running("req_1"));
        assertThat(store.claimedAt).hasSize(4); // at 0, 250, 500 and 750 ms: one more look would be past a second
    }

    @Test
    void anotherRequestWithTheKeyAndAStoreThatFailsAreAnsweredAtOnce() {
        Scripted store = new Scripted();
        store.answers.add(new KeyClaim.OtherRequest("req_1"));
        AnswerKeeping idempotency = new AnswerKeeping(store, clock, sleeper);
        assertThat(idempotency.claim(KEY, "req_2", Duration.ofSeconds(10)))
                .isCompletedWithValue(new KeyClaim.OtherRequest("req_1"));
        assertThat(idempotency.claim(KEY, "req_3", Duration.ofSeconds(10))).isCompletedExceptionally();
    }

    @Test
    void aCancelledWaitLooksNoMore() {
        Scripted store = new Scripted();
        store.answers.add(new KeyClaim.Running("req_1"));
        store.answers.add(new KeyClaim.Running("req_1"));
        CompletableFuture<Void> later = new CompletableFuture<>();
        CompletableFuture<KeyClaim> claim = new AnswerKeeping(store, clock, d -> later).claim(KEY, "req_2",
                Duration.ofSeconds(10));
        claim.cancel(true);
        later.complete(null);
        assertThat(store.claimedAt).hasSize(1);
    }

    @Test
    void aKeyThatBecomesItsOwnAsItsClientLeavesIsReleased() {
        List<CompletableFuture<KeyClaim>> waiting = new ArrayList<>();
        Scripted store = new Scripted() {
            @Override
            public KeyClaim claim(AnswerKey key, String requestId, Instant now, Instant abandoned,
                                  Instant expired) {
                waiting.forEach(w -> w.cancel(true)); // the client leaves while this look is under way
                return super.claim(key, requestId, now, abandoned, expired);
            }
        };
        store.answers.add(new KeyClaim.Running("req_1"));
        store.answers.add(new KeyClaim.Ours());
        CompletableFuture<Void> later = new CompletableFuture<>();
        waiting.add(new AnswerKeeping(store, clock, d -> later).claim(KEY, "req_2", Duration.ofSeconds(10)));
        later.complete(null);
        assertThat(waiting.get(0)).isCancelled();
        assertThat(store.calls).containsExactly("release req_2"); // no run will use the key
    }

    @Test
    void anAnswerIsKeptOnceAndOneTooLargeToKeepReleasesTheKey() {
        Scripted store = new Scripted();
        AnswerKeeping answers = new AnswerKeeping(store, clock, sleeper);
        Keeping keeping = answers.keeping(KEY, null, "req_1");
        assertThat(keeping.outlivesClient()).isTrue();
        keeping.keep("m", false, 200, "application/json", Map.of(), new byte[5], true);
        keeping.release();
        answers.keeping(KEY, null, "req_2").keep("m", false, 200, "application/json", Map.of(),
                new byte[KeptAnswer.MAX_BYTES + 1], true);
        assertThat(store.calls).containsExactly("keep req_1 5", "release req_2");
        assertThat(answers.keeping(null, null, "req_3")).isNull();
    }

    @Test
    void aTierKeepsOnlyWholeAnswersAndGivesThemWhileYoungEnough() {
        Scripted store = new Scripted();
        AnswerKeeping answers = new AnswerKeeping(store, clock, sleeper);
        AnswerKey same = AnswerKey.sameRequest("key:1", "/v1/chat/completions", "{}".getBytes(StandardCharsets.UTF_8));
        Keeping forTier = answers.keeping(null, same, "req_1");
        assertThat(forTier.outlivesClient()).isFalse();
        forTier.keep("m", false, 200, "application/json", Map.of(), new byte[5], false); // a tool call, say
        assertThat(store.calls).isEmpty();
        answers.keeping(KEY, same, "req_2").keep("m", false, 200, "application/json", Map.of(), new byte[5], true);
        assertThat(store.calls).containsExactly("keep req_2 5", "put req_2");

        clock.advance(Duration.ofSeconds(60));
        assertThat(answers.keptWithin(same, Duration.ofSeconds(60))).hasValueSatisfying(kept ->
                assertThat(kept.ageSeconds(clock.instant())).isEqualTo(60));
        assertThat(answers.keptWithin(same, Duration.ofSeconds(59))).isEmpty();
        assertThat(answers.keptWithin(same, Duration.ZERO)).isEmpty(); // off
    }
}
