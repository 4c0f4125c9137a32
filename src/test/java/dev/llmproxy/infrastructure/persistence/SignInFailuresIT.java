package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.infrastructure.sharing.RedisConnection;
import dev.llmproxy.domain.security.InMemorySignInFailures;
import dev.llmproxy.domain.security.SignInFailures;
import dev.llmproxy.infrastructure.sharing.RedisSignInFailures;
import dev.llmproxy.testing.LocalRedis;
import dev.llmproxy.testing.MigratedDatabases;
import dev.llmproxy.testing.Named;
import dev.llmproxy.testing.PostgresDatabases;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import javax.sql.DataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every store of failed sign-ins (in memory, H2, PostgreSQL, Redis) keeps a window's end as it was set when the window started. */
class SignInFailuresIT {

    private static final String DATABASE = "llmproxy_sign_in_it";
    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static final Duration TEN_MINUTES = Duration.ofMinutes(10);
    private static DataSource h2;
    private static DataSource pg;
    private static RedisClient redisClient;
    private static StatefulRedisConnection<String, String> redis;

    @BeforeAll
    static void databases() throws Exception {
        h2 = MigratedDatabases.h2("sign-in");
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

    static Stream<Named<SignInFailures>> stores() {
        return Stream.of(new Named<>("in memory", InMemorySignInFailures::new),
                new Named<>("H2", () -> jdbc(h2)), new Named<>("PostgreSQL", () -> jdbc(pg)),
                new Named<>("Redis", () -> new RedisSignInFailures(redis::sync, RedisConnection.DEFAULT_PREFIX)));
    }

    private static SignInFailures jdbc(DataSource dataSource) {
        return new JdbcSignInFailures(dataSource);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aLongerWindowDoesNotReviveAnEndedWindowAndAShorterOneEndsARunningOneSooner(Named<SignInFailures> named) {
        SignInFailures store = named.store().get();
        List<String> key = List.of("user:" + UUID.randomUUID());
        store.add(key, T0, MINUTE);
        SignInFailures.Count two = store.add(key, T0.plusSeconds(10), MINUTE).get(key.get(0));
        assertThat(two.failures()).isEqualTo(2);
        assertThat(two.windowEnd()).isEqualTo(T0.plus(MINUTE));

        Instant later = T0.plusSeconds(90);
        assertThat(store.counts(key, later, MINUTE)).isEmpty();
        assertThat(store.counts(key, later, TEN_MINUTES)).as("an ended window, read under a longer one").isEmpty();

        SignInFailures.Count fresh = store.add(key, later, TEN_MINUTES).get(key.get(0));
        assertThat(fresh.failures()).isEqualTo(1);
        assertThat(fresh.windowEnd()).isEqualTo(later.plus(TEN_MINUTES));
        assertThat(store.counts(key, later.plusSeconds(30), MINUTE).get(key.get(0)).windowEnd())
                .as("a running window, read under a shorter one").isEqualTo(later.plus(MINUTE));
        assertThat(store.counts(key, later.plusSeconds(61), MINUTE)).isEmpty();
        assertThat(store.add(key, later.plusSeconds(120), TEN_MINUTES).get(key.get(0)).failures()).isEqualTo(2);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void failuresCountedAtOnceAreAllCountedAndAClearedKeyStartsAgain(Named<SignInFailures> named) throws Exception {
        SignInFailures store = named.store().get();
        List<String> keys = List.of("user:" + UUID.randomUUID(), "address:" + UUID.randomUUID());
        store.add(keys, T0, TEN_MINUTES); // the window exists: concurrent adds race on counting, not on creating it
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Object>> adds = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                adds.add(() -> store.add(keys, T0.plusSeconds(1), TEN_MINUTES));
            }
            for (Future<Object> f : pool.invokeAll(adds)) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(store.counts(keys, T0.plusSeconds(2), TEN_MINUTES).values())
                .extracting(SignInFailures.Count::failures).containsExactly(41, 41);
        store.clear(keys.get(0));
        assertThat(store.counts(keys, T0.plusSeconds(2), TEN_MINUTES)).containsOnlyKeys(keys.get(1));
        assertThat(store.add(keys, T0.plusSeconds(3), TEN_MINUTES).get(keys.get(0)).failures()).isEqualTo(1);
    }
}
