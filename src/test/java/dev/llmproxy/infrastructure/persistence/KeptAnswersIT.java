package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.replay.AnswerKey;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.KeyClaim;
import dev.llmproxy.domain.replay.KeptAnswers;
import dev.llmproxy.infrastructure.sharing.RedisConnection;
import dev.llmproxy.infrastructure.sharing.RedisKeptAnswers;
import dev.llmproxy.testing.Concurrently;
import dev.llmproxy.testing.LocalRedis;
import dev.llmproxy.testing.Named;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import dev.llmproxy.testing.MigratedDatabases;
import dev.llmproxy.testing.PostgresDatabases;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Kept answers on H2, PostgreSQL and Redis: one request claims a key, however many try at once; a retry finds the run
 * going, then its answer; another request with the key is told so; a released, abandoned or expired key is claimed
 * again; every read names the owner.
 */
class KeptAnswersIT {

    private static final String DATABASE = "llmproxy_kept_it";
    private static final Instant T0 = Instant.parse("2026-12-07T12:00:00Z");
    /** Redis keeps what a run wrote: each run's keys are its own. */
    private static final String RUN = UUID.randomUUID().toString();
    private static DataSource h2;
    private static DataSource pg;
    private static RedisClient redisClient;
    private static StatefulRedisConnection<String, String> redis;

    @BeforeAll
    static void connect() throws Exception {
        h2 = MigratedDatabases.h2("kept");
        pg = MigratedDatabases.postgres(DATABASE);
        redisClient = RedisClient.create(LocalRedis.URL);
        redis = redisClient.connect();
    }

    @AfterAll
    static void drop() throws Exception {
        PostgresDatabases.drop(DATABASE);
        redis.close();
        redisClient.shutdown();
    }

    static Stream<Named<KeptAnswers>> stores() {
        return Stream.of(new Named<>("H2", () -> new JdbcKeptAnswers(h2)),
                new Named<>("PostgreSQL", () -> new JdbcKeptAnswers(pg)),
                new Named<>("Redis", () -> new RedisKeptAnswers(redis::sync, RedisConnection.DEFAULT_PREFIX,
                        Duration.ofHours(24), KeptAnswer.MOST_PER_OWNER)));
    }

    static Stream<Named<KeptAnswers>> sqlStores() {
        return stores().filter(s -> !s.name().equals("Redis"));
    }

    private static AnswerKey key(String owner, String key, String body) {
        return AnswerKey.idempotent(owner, key.endsWith(RUN) ? key : key + RUN, "/v1/chat/completions",
                body.getBytes(StandardCharsets.UTF_8));
    }

    private static KeyClaim claim(KeptAnswers store, AnswerKey key, String requestId, Instant now) {
        return store.claim(key, requestId, now, now.minus(Duration.ofMinutes(15)), now.minus(Duration.ofHours(24)));
    }

    @ParameterizedTest
    @MethodSource("stores")
    void theFirstRequestRunsItsRetryWaitsThenGetsTheAnswerAndAnotherRequestIsRefused(Named<KeptAnswers> named) {
        KeptAnswers store = named.store().get();
        String database = named.name();
        AnswerKey key = key("key:a", "k-" + database, "{\"model\":\"m\"}");
        assertThat(claim(store, key, "req_1", T0)).isEqualTo(new KeyClaim.Ours());
        assertThat(claim(store, key, "req_2", T0.plusSeconds(1))).isEqualTo(new KeyClaim.Running("req_1"));
        assertThat(claim(store, key("key:a", key.key(), "{\"model\":\"other\"}"), "req_3", T0.plusSeconds(1)))
                .isEqualTo(new KeyClaim.OtherRequest("req_1"));
        // another owner's key of the same name is its own
        assertThat(claim(store, key("key:b", key.key(), "{\"model\":\"m\"}"), "req_4", T0)).isEqualTo(new KeyClaim.Ours());

        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Proxy-Model", "m");
        headers.put("X-Proxy-Attempts", "2");
        byte[] body = "data: {\"a\":\"\u00e9\"}\n\ndata: [DONE]\n\n".getBytes(StandardCharsets.UTF_8);
        store.keep(key, new KeptAnswer("req_1", "m", true, 200, "text/event-stream;charset=UTF-8", headers, body,
                T0.plusSeconds(2)));
        store.release(key, "req_1"); // a kept answer is not released by a late release

        KeyClaim.Kept kept = (KeyClaim.Kept) claim(store, key, "req_5", T0.plus(Duration.ofHours(23)));
        assertThat(kept.answer().requestId()).isEqualTo("req_1");
        assertThat(kept.answer().model()).isEqualTo("m");
        assertThat(kept.answer().fallback()).isTrue();
        assertThat(kept.answer().stream()).isTrue();
        assertThat(kept.answer().headers()).containsExactlyEntriesOf(headers);
        assertThat(kept.answer().body()).isEqualTo(body);
        // past its window the key is another's to claim, for another request too
        assertThat(claim(store, key("key:a", key.key(), "{\"model\":\"other\"}"), "req_6",
                T0.plus(Duration.ofHours(25)))).isEqualTo(new KeyClaim.Ours());
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aReleasedKeyAndOneLeftByAStoppedInstanceAreClaimedAgain(Named<KeptAnswers> named) {
        KeptAnswers store = named.store().get();
        String database = named.name();
        AnswerKey key = key("key:a", "released-" + database, "{}");
        assertThat(claim(store, key, "req_1", T0)).isEqualTo(new KeyClaim.Ours());
        store.release(key, "req_other"); // only the holder releases
        assertThat(claim(store, key, "req_2", T0)).isEqualTo(new KeyClaim.Running("req_1"));
        store.release(key, "req_1");
        assertThat(claim(store, key, "req_2", T0)).isEqualTo(new KeyClaim.Ours());

        assertThat(claim(store, key, "req_3", T0.plus(Duration.ofMinutes(14)))).isEqualTo(new KeyClaim.Running("req_2"));
        assertThat(claim(store, key, "req_3", T0.plus(Duration.ofMinutes(16)))).isEqualTo(new KeyClaim.Ours());
        // the abandoned run, should it end after all, keeps nothing over its successor's claim
        store.keep(key, new KeptAnswer("req_2", "m", false, 200, "application/json", Map.of(), new byte[1],
                T0.plus(Duration.ofMinutes(17))));
        assertThat(claim(store, key, "req_4", T0.plus(Duration.ofMinutes(17)))).isEqualTo(new KeyClaim.Running("req_3"));
    }

    @ParameterizedTest
    @MethodSource("stores")
    void ofManyRequestsClaimingOneKeyAtOnceExactlyOneRuns(Named<KeptAnswers> named) throws Exception {
        KeptAnswers store = named.store().get();
        String database = named.name();
        AnswerKey key = key("key:a", "race-" + database, "{}");
        int ours = Concurrently.succeeded(8, 1, i -> () ->
                claim(store, key, "req_" + i, T0) instanceof KeyClaim.Ours);
        assertThat(ours).isEqualTo(1);
    }

    @ParameterizedTest
    @MethodSource("sqlStores")
    void keysPastTheirWindowAreForgotten(Named<KeptAnswers> named) {
        KeptAnswers store = named.store().get();
        String database = named.name();
        AnswerKey old = key("key:f", "old-" + database, "{}");
        AnswerKey young = key("key:f", "young-" + database, "{}");
        claim(store, old, "req_1", T0.minus(Duration.ofHours(30)));
        claim(store, young, "req_2", T0);
        assertThat(store.forgetBefore(T0.minus(Duration.ofHours(24)))).isGreaterThanOrEqualTo(1);
        assertThat(claim(store, young, "req_3", T0)).isEqualTo(new KeyClaim.Running("req_2"));
        assertThat(claim(store, old, "req_4", T0)).isEqualTo(new KeyClaim.Ours());
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aTiersAnswerToARequestIsReplacedByTheNewestAndFoundByItsCallerOnly(Named<KeptAnswers> named) {
        KeptAnswers store = named.store().get();
        String database = named.name();
        byte[] request = ("{\"temperature\":0,\"db\":\"" + database + RUN + "\"}").getBytes(StandardCharsets.UTF_8);
        AnswerKey same = AnswerKey.sameRequest("key:r", "/v1/chat/completions", request);
        assertThat(store.find(same)).isEmpty();
        store.put(same, new KeptAnswer("req_1", "m1", false, 200, "application/json", Map.of(), new byte[] {1}, T0));
        store.put(same, new KeptAnswer("req_2", "m2", true, 200, "application/json", Map.of(), new byte[] {2},
                T0.plusSeconds(5)));
        KeptAnswer found = store.find(same).orElseThrow();
        assertThat(found.requestId()).isEqualTo("req_2");
        assertThat(found.keptAt()).isEqualTo(T0.plusSeconds(5));
        assertThat(found.body()).containsExactly(2);
        assertThat(store.find(AnswerKey.sameRequest("key:other", "/v1/chat/completions", request))).isEmpty();
        // an idempotency key's claim that kept nothing yet is nothing to give
        AnswerKey claimed = key("key:r", "claimed-" + database, "{}");
        claim(store, claimed, "req_3", T0);
        assertThat(store.find(claimed)).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aTierKeepsTheNewestAnswersOfACallerUpToTheBound(Named<KeptAnswers> named) {
        KeptAnswers store = switch (named.name()) {
            case "Redis" -> new RedisKeptAnswers(redis::sync, RedisConnection.DEFAULT_PREFIX, Duration.ofHours(24), 3);
            default -> {
                JdbcKeptAnswers jdbc = (JdbcKeptAnswers) named.store().get();
                jdbc.mostPerOwner = 3;
                yield jdbc;
            }
        };
        String owner = "key:bounded-" + named.name() + RUN;
        java.util.List<AnswerKey> keys = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            AnswerKey same = AnswerKey.sameRequest(owner, "/v1/embeddings",
                    ("{\"input\":\"" + i + "\"}").getBytes(StandardCharsets.UTF_8));
            keys.add(same);
            store.put(same, new KeptAnswer("req_" + i, "m", false, 200, "application/json", Map.of(), new byte[] {1},
                    T0.plusSeconds(i)));
        }
        assertThat(store.find(keys.get(0))).isEmpty();
        assertThat(store.find(keys.get(1))).isEmpty();
        assertThat(store.find(keys.get(2))).isPresent();
        assertThat(store.find(keys.get(4))).isPresent();
    }
}
