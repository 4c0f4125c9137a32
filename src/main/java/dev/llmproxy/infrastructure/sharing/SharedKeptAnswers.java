package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.application.replay.AnswerKeeping;
import dev.llmproxy.domain.replay.AnswerKey;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.KeptAnswers;
import dev.llmproxy.domain.replay.KeyClaim;
import dev.llmproxy.infrastructure.persistence.JdbcKeptAnswers;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.Optional;

/**
 * Kept answers on the shared store: Redis when one is named, else the database (every instance shares either). They
 * are not kept apart from it during an outage: a request with an idempotency key is refused while its key cannot be
 * claimed (it would otherwise risk running twice), and a tier gives nothing again.
 */
@ApplicationScoped
public class SharedKeptAnswers implements KeptAnswers {

    private final SharedStore store;
    private final JdbcKeptAnswers database;
    private final RedisConnection redis;
    private KeptAnswers home;

    @Inject
    SharedKeptAnswers(SharedStore store, JdbcKeptAnswers database, RedisConnection redis) {
        this.store = store;
        this.database = database;
        this.redis = redis;
    }

    /** For the container's client proxy. */
    protected SharedKeptAnswers() {
        this(null, null, null);
    }

    @PostConstruct
    void start() {
        home = store.home() == Backend.REDIS
                ? new RedisKeptAnswers(redis::commands, redis.prefix(), AnswerKeeping.WINDOW,
                KeptAnswer.MOST_PER_OWNER) : database;
    }

    @Override
    public KeyClaim claim(AnswerKey key, String requestId, Instant now, Instant abandonedBefore,
                          Instant expiredBefore) {
        return home.claim(key, requestId, now, abandonedBefore, expiredBefore);
    }

    @Override
    public void keep(AnswerKey key, KeptAnswer answer) {
        home.keep(key, answer);
    }

    @Override
    public void put(AnswerKey key, KeptAnswer answer) {
        home.put(key, answer);
    }

    @Override
    public Optional<KeptAnswer> find(AnswerKey key) {
        return home.find(key);
    }

    @Override
    public void release(AnswerKey key, String requestId) {
        home.release(key, requestId);
    }

    /** The database's, whichever is home: what it kept before Redis was named goes too (Redis forgets by itself). */
    @Override
    public int forgetBefore(Instant cutoff) {
        return database.forgetBefore(cutoff);
    }
}
