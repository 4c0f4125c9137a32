package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.infrastructure.sharing.RedisConnection;
import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.InMemoryRateLimitStore;
import dev.llmproxy.domain.limits.RateLimitStore;
import dev.llmproxy.domain.limits.Window;
import dev.llmproxy.testing.MigratedDatabases;
import dev.llmproxy.testing.Named;
import dev.llmproxy.testing.PostgresDatabases;
import dev.llmproxy.testing.LocalRedis;
import dev.llmproxy.testing.Concurrently;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.postgresql.ds.PGSimpleDataSource;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every rate-limit store gives the same answers: the in-memory one, the portable JDBC one on H2 and PostgreSQL,
 * PostgreSQL's one-round-trip function and Redis's script. Concurrent callers never get more than a window's maximum.
 */
class RateLimitStoreIT {

    private static final String DATABASE = "llmproxy_store_it";
    private static JdbcDataSource h2;
    private static PGSimpleDataSource pg;
    private static RedisClient redisClient;
    private static StatefulRedisConnection<String, String> redis;

    @BeforeAll
    static void databases() throws Exception {
        h2 = MigratedDatabases.h2("rate");
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

    static Stream<Named<RateLimitStore>> stores() {
        return Stream.of(new Named<>("in-memory", () -> new InMemoryRateLimitStore(Duration.ofHours(2))),
                new Named<>("portable on H2", () -> new JdbcRateLimitStore(h2, 2)),
                new Named<>("remembered on H2", () -> new RememberedLimits(h2, Duration.ofHours(2), Instant.now())),
                new Named<>("portable on PostgreSQL", () -> new JdbcRateLimitStore(pg, 2)),
                new Named<>("PostgreSQL function", () -> new PostgresRateLimitStore(pg, 2)),
                new Named<>("Redis script", () -> new RedisRateLimitStore(redis::sync, RedisConnection.DEFAULT_PREFIX)),
                new Named<>("leased on Redis", () -> new LeasedLimits(
                        new RedisRateLimitStore(redis::sync, RedisConnection.DEFAULT_PREFIX))));
    }

    private static Bucket ip(String id) {
        return new Bucket("ip:" + id, List.of(new Window("ipLimitPerMinute", Duration.ofMinutes(1), 3),
                new Window("ipLimitPerHour", Duration.ofHours(1), 5)));
    }

    @ParameterizedTest
    @MethodSource("stores")
    void slidingWindowsRefuseWithTheFullWindowAndWhenItFrees(Named<RateLimitStore> named) {
        RateLimitStore store = named.store().get();
        Bucket b = ip(UUID.randomUUID().toString());
        Instant t = Instant.parse("2026-11-30T12:00:00Z");
        for (int i = 0; i < 3; i++) {
            assertThat(store.take(List.of(b), t.plusSeconds(10L * i))).isInstanceOf(Decision.Allowed.class);
        }
        Decision.Refused minute = (Decision.Refused) store.take(List.of(b), t.plusSeconds(30));
        assertThat(minute.limit().name()).isEqualTo("ipLimitPerMinute");
        assertThat(minute.bucketKey()).isEqualTo(b.key());
        assertThat(minute.retryAfter()).isEqualTo(Duration.ofSeconds(31));
        assertThat(store.take(List.of(b), t.plusSeconds(60))).isInstanceOf(Decision.Refused.class);
        assertThat(store.take(List.of(b), t.plusSeconds(61))).isInstanceOf(Decision.Allowed.class);
        assertThat(store.take(List.of(b), t.plusSeconds(130))).isInstanceOf(Decision.Allowed.class);
        Decision.Refused hour = (Decision.Refused) store.take(List.of(b), t.plusSeconds(200));
        assertThat(hour.limit().name()).isEqualTo("ipLimitPerHour");
        // the first one-minute slot leaves the hour at 1 h 1 min
        assertThat(hour.retryAfter()).isEqualTo(Duration.ofSeconds(3660 - 200));
    }

    @Test
    void countsKeptInMemoryAreWrittenBehindAndReadBackByTheNextStart() {
        Instant t = Instant.parse("2026-11-30T12:00:00Z");
        Bucket b = ip(UUID.randomUUID().toString());
        RememberedLimits before = new RememberedLimits(h2, Duration.ofHours(2), t);
        for (int i = 0; i < 3; i++) {
            assertThat(before.take(List.of(b), t.plusSeconds(i))).isInstanceOf(Decision.Allowed.class);
        }
        before.save(t.plusSeconds(3));

        RememberedLimits after = new RememberedLimits(h2, Duration.ofHours(2), t.plusSeconds(5));
        Decision.Refused minute = (Decision.Refused) after.take(List.of(b), t.plusSeconds(10));
        assertThat(minute.limit().name()).isEqualTo("ipLimitPerMinute");
        assertThat(minute.retryAfter()).isEqualTo(Duration.ofSeconds(51));
        assertThat(after.take(List.of(b), t.plusSeconds(61))).isInstanceOf(Decision.Allowed.class);
        // an hour window read back still counts what it held: 3 before, 1 now, 1 more fits
        assertThat(after.take(List.of(b), t.plusSeconds(122))).isInstanceOf(Decision.Allowed.class);
        assertThat(((Decision.Refused) after.take(List.of(b), t.plusSeconds(183))).limit().name())
                .isEqualTo("ipLimitPerHour");

        RememberedLimits tooLate = new RememberedLimits(h2, Duration.ofHours(2), t.plus(Duration.ofHours(3)));
        assertThat(tooLate.take(List.of(b), t.plus(Duration.ofHours(3)))).isInstanceOf(Decision.Allowed.class);
    }

    @Test
    void theSharedStoresSayWhatEachWindowHoldsOnceTheRequestIsIn() {
        for (RateLimitStore store : List.of(new JdbcRateLimitStore(h2, 2), new JdbcRateLimitStore(pg, 2),
                new PostgresRateLimitStore(pg, 2), new RedisRateLimitStore(redis::sync, RedisConnection.DEFAULT_PREFIX))) {
            Bucket b = ip(UUID.randomUUID().toString());
            Instant t = Instant.parse("2026-11-30T12:00:00Z");
            Window minute = b.windows().get(0);
            Window hour = b.windows().get(1);
            store.take(List.of(b), t);
            assertThat(((Decision.Allowed) store.take(List.of(b), t.plusSeconds(70))).used())
                    .as(store.getClass().getSimpleName())
                    .isEqualTo(Map.of(b.countsKey(minute), 1, b.countsKey(hour), 2));
        }
    }

    @ParameterizedTest
    @MethodSource("stores")
    void allOrNothingAcrossBuckets(Named<RateLimitStore> named) {
        RateLimitStore store = named.store().get();
        String id = UUID.randomUUID().toString();
        Bucket key = new Bucket("key:" + id, List.of(new Window("keyLimitPerMinute", Duration.ofMinutes(1), 1)));
        Instant t = Instant.parse("2026-11-30T12:00:00Z");
        assertThat(store.take(List.of(ip(id), key), t)).isInstanceOf(Decision.Allowed.class);
        assertThat(((Decision.Refused) store.take(List.of(ip(id), key), t)).bucketKey()).isEqualTo(key.key());
        assertThat(store.take(List.of(ip(id)), t)).isInstanceOf(Decision.Allowed.class);
        assertThat(store.take(List.of(ip(id)), t)).isInstanceOf(Decision.Allowed.class);
        assertThat(store.take(List.of(ip(id)), t)).isInstanceOf(Decision.Refused.class);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void concurrentCallersNeverGetMoreThanTheMaximum(Named<RateLimitStore> named) throws Exception {
        RateLimitStore store = named.store().get();
        Bucket b = new Bucket("ip:" + UUID.randomUUID(), List.of(new Window("ipLimitPerMinute", Duration.ofMinutes(1), 100)));
        Instant t = Instant.parse("2026-11-30T12:00:00Z");
        int total = Concurrently.succeeded(8, 40, i -> () -> store.take(List.of(b), t) instanceof Decision.Allowed);
        assertThat(total).isEqualTo(100);
    }

    static Stream<Named<LeaseStore>> leaseStores() {
        return Stream.of(new Named<>("portable on H2", () -> new JdbcRateLimitStore(h2, 2)),
                new Named<>("portable on PostgreSQL", () -> new JdbcRateLimitStore(pg, 2)),
                new Named<>("PostgreSQL function", () -> new PostgresRateLimitStore(pg, 2)),
                new Named<>("Redis script", () -> new RedisRateLimitStore(redis::sync, RedisConnection.DEFAULT_PREFIX)));
    }

    @ParameterizedTest
    @MethodSource("leaseStores")
    void instancesLeasingReachTheMaximumAndNeverPassIt(Named<LeaseStore> named) throws Exception {
        LeaseStore store = named.store().get();
        List<LeasedLimits> instances = List.of(new LeasedLimits(store), new LeasedLimits(store));
        Bucket b = new Bucket("key:" + UUID.randomUUID(), List.of(new Window("keyLimitPerMinute", Duration.ofMinutes(1), 2_400)));
        Instant t = Instant.now();
        // each instance's callers would ask more often than the window allows, so each is refused once it holds
        // nothing more (the window stays full: the clock stands still), and no instance ends holding what it leased
        int total = Concurrently.succeeded(8, 700, i -> new BooleanSupplier() {
            private boolean refused;

            @Override
            public boolean getAsBoolean() {
                refused = refused || !(instances.get(i % 2).take(List.of(b), t) instanceof Decision.Allowed);
                return !refused;
            }
        });
        assertThat(total).isEqualTo(2_400);
        assertThat(((RateLimitStore) store).take(List.of(b), t)).isInstanceOf(Decision.Refused.class);
    }

    @ParameterizedTest
    @MethodSource("leaseStores")
    void aLeaseLeftUnspentIsTakenBackWhenItsSlotEnds(Named<LeaseStore> named) {
        LeaseStore store = named.store().get();
        Window w = new Window("keyLimitPerMinute", Duration.ofMinutes(1), 60_000); // leases of 100
        Bucket b = new Bucket("key:" + UUID.randomUUID(), List.of(w));
        LeasedLimits limits = new LeasedLimits(store);
        Instant t = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        limits.take(List.of(b), t);
        assertThat(((Decision.Allowed) ((RateLimitStore) store).take(List.of(b), t)).used())
                .isEqualTo(Map.of(b.countsKey(w), 101));
        limits.take(List.of(b), t.plusSeconds(1)); // 99 back, a new lease of 100
        assertThat(((Decision.Allowed) ((RateLimitStore) store).take(List.of(b), t.plusSeconds(1))).used())
                .isEqualTo(Map.of(b.countsKey(w), 1 + 1 + 100 + 1));
    }

    @Test
    void redisForgetsAWindowOneWindowAfterItsLastRequestAndLoadsItsScriptAgainAfterARestart() {
        Bucket b = new Bucket("ip:" + UUID.randomUUID(), List.of(new Window("ipLimitPerMinute", Duration.ofMinutes(1), 1)));
        String key = RedisConnection.DEFAULT_PREFIX + RedisRateLimitStore.KEYS + b.countsKey(b.windows().get(0));
        RateLimitStore store = new RedisRateLimitStore(redis::sync, RedisConnection.DEFAULT_PREFIX);
        assertThat(store.take(List.of(b), Instant.now())).isInstanceOf(Decision.Allowed.class);
        // one minute and one slot (a second) from its last request
        assertThat(redis.sync().pttl(key)).isBetween(55_000L, 61_000L);
        redis.sync().scriptFlush(); // what a restarted Redis holds
        assertThat(store.take(List.of(b), Instant.now())).isInstanceOf(Decision.Refused.class);
    }

    @Test
    void deploymentsSharingOneRedisUnderTheirOwnPrefixesCountApart() {
        Bucket b = new Bucket("ip:" + UUID.randomUUID(), List.of(new Window("ipLimitPerMinute", Duration.ofMinutes(1), 1)));
        RateLimitStore one = new RedisRateLimitStore(redis::sync, "deployment-one:");
        RateLimitStore two = new RedisRateLimitStore(redis::sync, "deployment-two:");
        Instant now = Instant.now();
        assertThat(one.take(List.of(b), now)).isInstanceOf(Decision.Allowed.class);
        assertThat(two.take(List.of(b), now)).isInstanceOf(Decision.Allowed.class);
        assertThat(one.take(List.of(b), now)).isInstanceOf(Decision.Refused.class);
        assertThat(redis.sync().keys("deployment-two:rate:*")).isNotEmpty();
    }

    @Test
    void theFunctionAndThePortableStoreShareOneFormat() {
        // entered at 0 s, 1 s and 2 s by turns; refused at 3 s until the first slot leaves the minute at 61 s
        Bucket b = ip(UUID.randomUUID().toString());
        Instant t = Instant.parse("2026-11-30T12:00:00Z");
        RateLimitStore portable = new JdbcRateLimitStore(pg, 2);
        RateLimitStore function = new PostgresRateLimitStore(pg, 2);
        assertThat(portable.take(List.of(b), t)).isInstanceOf(Decision.Allowed.class);
        assertThat(function.take(List.of(b), t.plusSeconds(1))).isInstanceOf(Decision.Allowed.class);
        assertThat(portable.take(List.of(b), t.plusSeconds(2))).isInstanceOf(Decision.Allowed.class);
        assertThat(((Decision.Refused) function.take(List.of(b), t.plusSeconds(3))).retryAfter())
                .isEqualTo(Duration.ofSeconds(58));
    }
}
