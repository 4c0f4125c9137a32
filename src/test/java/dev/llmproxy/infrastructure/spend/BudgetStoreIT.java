package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.infrastructure.sharing.RedisConnection;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetDecision;
import dev.llmproxy.domain.spend.BudgetPeriod;
import dev.llmproxy.domain.spend.BudgetStore;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;
import dev.llmproxy.domain.spend.InMemoryBudgetStore;
import dev.llmproxy.testing.MigratedDatabases;
import dev.llmproxy.testing.LocalRedis;
import dev.llmproxy.testing.Named;
import dev.llmproxy.testing.PostgresDatabases;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.postgresql.ds.PGSimpleDataSource;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every budget store gives the same answers: the in-memory one, the portable JDBC one on H2 and PostgreSQL, and
 * PostgreSQL's one-round-trip function, and Redis's scripts (starting each period from PostgreSQL's settled totals).
 * Concurrent reservations never together pass a budget.
 */
class BudgetStoreIT {

    private static final String DATABASE = "llmproxy_budget_it";
    private static final Instant NOW = Instant.parse("2026-12-02T10:00:00Z");
    private static final Charge TENTH = new Charge(new BigDecimal("0.1"), 100);
    /** Each test run is a new run of instances a and b: earlier runs' holds belong to runs that are gone. */
    private static final Holder A = Holder.newLife("a");
    private static final Holder B = Holder.newLife("b");
    private static JdbcDataSource h2;
    private static PGSimpleDataSource pg;
    private static RedisClient redisClient;
    private static StatefulRedisConnection<String, String> redis;

    @BeforeAll
    static void databases() throws Exception {
        h2 = MigratedDatabases.h2("budget");
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

    static Stream<Named<BudgetStore>> stores() {
        return Stream.of(new Named<>("in-memory", InMemoryBudgetStore::new),
                new Named<>("portable on H2", () -> new JdbcBudgetStore(h2, 2, A)),
                new Named<>("in memory, written behind to H2", BudgetStoreIT::alone),
                new Named<>("portable on PostgreSQL", () -> new JdbcBudgetStore(pg, 2, A)),
                new Named<>("PostgreSQL function", () -> new PostgresBudgetStore(pg, 2, A)),
                new Named<>("Redis script", BudgetStoreIT::redisAsWired));
    }

    /** Redis as the proxy uses it: every settlement also goes to the database, which keeps the durable totals. */
    private static BudgetStore redisAsWired() {
        RedisBudgetStore redis = inRedis(A);
        JdbcBudgetStore database = new JdbcBudgetStore(pg, 2, A);
        return new BudgetStore() {
            @Override
            public BudgetDecision reserve(List<Budget> budgets, Charge charge, Instant now) {
                return redis.reserve(budgets, charge, now);
            }

            @Override
            public void settle(List<Budget> budgets, Charge reserved, Charge actual, Instant reservedAt) {
                Settlement s = new Settlement(budgets, reserved, actual, reservedAt);
                redis.settle(List.of(s));
                database.settle(List.of(s.unreserved()));
            }

            @Override
            public java.util.Map<String, BudgetUse> use(List<Budget> budgets, Instant now) {
                return redis.use(budgets, now);
            }
        };
    }

    /** Redis for one run of an instance, each period started from PostgreSQL's settled totals. */
    private static RedisBudgetStore inRedis(Holder run) {
        JdbcBudgetStore durable = new JdbcBudgetStore(pg, 2, run);
        return new RedisBudgetStore(redis::sync, () -> durable, run, RedisConnection.DEFAULT_PREFIX);
    }

    /** An instance alone on H2: reservations in memory, settlements written straight through (here, not behind). */
    private static MemoryBudgets alone() {
        JdbcBudgetStore database = new JdbcBudgetStore(h2, 2, A);
        return new MemoryBudgets(new InMemoryBudgetStore(), () -> database, s -> database.settle(List.of(s)),
                () -> true);
    }

    /** A shared store as one run of an instance sees it. */
    record Shared(String name, Function<Holder, SharedBudgetStore> at) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Shared> sharedStores() {
        return Stream.of(new Shared("portable on H2", run -> new JdbcBudgetStore(h2, 2, run)),
                new Shared("portable on PostgreSQL", run -> new JdbcBudgetStore(pg, 2, run)),
                new Shared("PostgreSQL function", run -> new PostgresBudgetStore(pg, 2, run)),
                new Shared("Redis script", BudgetStoreIT::inRedis));
    }

    private static Budget daily(BigDecimal usd, Long tokens) {
        return new Budget("scope:" + UUID.randomUUID().toString().substring(0, 8) + ".daily", BudgetPeriod.DAY, usd,
                tokens);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aRefusalNamesTheFullBudgetAndReservesNothingAnywhere(Named<BudgetStore> named) {
        BudgetStore store = named.store().get();
        Budget roomy = daily(BigDecimal.TEN, null);
        Budget tight = daily(null, 150L);
        assertThat(store.reserve(List.of(roomy, tight), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        BudgetDecision refused = store.reserve(List.of(roomy, tight), TENTH, NOW);
        assertThat(refused).isInstanceOf(BudgetDecision.Refused.class);
        assertThat(((BudgetDecision.Refused) refused).budget().name()).isEqualTo(tight.name());
        assertThat(((BudgetDecision.Refused) refused).counted().tokens()).isEqualTo(100);
        assertThat(store.use(List.of(roomy), NOW).get(roomy.name())).isEqualTo(new BudgetUse(Charge.ZERO, TENTH));
    }

    @ParameterizedTest
    @MethodSource("stores")
    void settlingReleasesTheReservationAndAddsTheRealCost(Named<BudgetStore> named) {
        BudgetStore store = named.store().get();
        Budget b = daily(new BigDecimal("0.2"), null);
        store.reserve(List.of(b), TENTH, NOW);
        store.reserve(List.of(b), TENTH, NOW);
        assertThat(store.reserve(List.of(b), TENTH, NOW)).isInstanceOf(BudgetDecision.Refused.class);
        Charge real = new Charge(new BigDecimal("0.0123456789"), 42);
        store.settle(List.of(b), TENTH, real, NOW);
        assertThat(store.use(List.of(b), NOW).get(b.name())).isEqualTo(new BudgetUse(real, TENTH));
        assertThat(store.reserve(List.of(b), new Charge(new BigDecimal("0.05"), 1), NOW))
                .isEqualTo(BudgetDecision.RESERVED);
        // the next day is a new period
        assertThat(store.use(List.of(b), NOW.plusSeconds(86_400)).get(b.name())).isEqualTo(BudgetUse.NONE);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aSettlementOfAReservationMadeElsewhereStillCounts(Named<BudgetStore> named) {
        BudgetStore store = named.store().get();
        Budget b = daily(BigDecimal.ONE, null);
        store.settle(List.of(b), Charge.ZERO, TENTH, NOW); // reserved in memory while this store was down
        assertThat(store.use(List.of(b), NOW).get(b.name())).isEqualTo(new BudgetUse(TENTH, Charge.ZERO));
    }

    @ParameterizedTest
    @MethodSource("stores")
    void fiftyConcurrentReservationsForABudgetThatFitsTenReserveTen(Named<BudgetStore> named) throws Exception {
        BudgetStore store = named.store().get();
        Budget shared = daily(BigDecimal.ONE, null);
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Callable<BudgetDecision>> calls = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                Budget own = daily(BigDecimal.TEN, null); // a second row per call: rows are locked in order
                calls.add(() -> store.reserve(List.of(own, shared), TENTH, NOW));
            }
            int reserved = 0;
            for (Future<BudgetDecision> f : pool.invokeAll(calls)) {
                reserved += f.get() == BudgetDecision.RESERVED ? 1 : 0;
            }
            assertThat(reserved).isEqualTo(10);
            assertThat(store.use(List.of(shared), NOW).get(shared.name()).reserved().usd())
                    .isEqualByComparingTo(BigDecimal.ONE);
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest
    @MethodSource("sharedStores")
    void whatAnInstanceThatDiedHadReservedIsReleasedByAnotherAndWhatTheOtherHoldsStays(Shared kind) {
        SharedBudgetStore b = kind.at().apply(B);
        SharedBudgetStore a = kind.at().apply(A);
        Budget budget = daily(BigDecimal.ONE, null);
        assertThat(a.reserve(List.of(budget), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        assertThat(a.reserve(List.of(budget), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        assertThat(b.reserve(List.of(budget), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        a.settle(List.of(budget), TENTH, new Charge(new BigDecimal("0.01"), 10), NOW); // one of a's ended
        // a stops beating with one request in flight: b takes a's hold (0.1) off the reserved amount
        assertThat(b.releaseGone(id -> id.equals("b"))).contains(A);
        BudgetUse use = b.use(List.of(budget), NOW).get(budget.name());
        assertThat(use.reserved()).isEqualTo(TENTH);
        assertThat(use.used()).isEqualTo(new Charge(new BigDecimal("0.01"), 10));
        // a new run of b finds the old run's hold and releases it too; then nothing is reserved
        SharedBudgetStore nextB = kind.at().apply(Holder.newLife("b"));
        assertThat(nextB.releaseGone(id -> true)).contains(B);
        assertThat(nextB.use(List.of(budget), NOW).get(budget.name()).reserved().isZero()).isTrue();
        assertThat(nextB.releaseGone(id -> true)).doesNotContain(A, B);
    }

    @Test
    void anInstanceAloneReadsEachPeriodsSettledUseBackFromTheDatabaseAndNotWhatADeadRunHadReserved() {
        Budget b = daily(new BigDecimal("0.3"), null);
        MemoryBudgets before = alone();
        assertThat(before.reserve(List.of(b), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        assertThat(before.reserve(List.of(b), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        before.settle(List.of(b), TENTH, TENTH, NOW); // the other reservation dies with this run
        assertThat(new JdbcBudgetStore(h2, 2, A).use(List.of(b), NOW).get(b.name()))
                .isEqualTo(new BudgetUse(TENTH, Charge.ZERO));

        MemoryBudgets after = alone();
        assertThat(after.use(List.of(b), NOW).get(b.name())).isEqualTo(new BudgetUse(TENTH, Charge.ZERO));
        assertThat(after.reserve(List.of(b), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        assertThat(after.reserve(List.of(b), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        assertThat(after.reserve(List.of(b), TENTH, NOW)).isInstanceOf(BudgetDecision.Refused.class);
    }

    @ParameterizedTest
    @MethodSource("sharedStores")
    void manySettlementsInOneBatchAddUpRowByRow(Shared kind) {
        SharedBudgetStore store = kind.at().apply(B);
        Budget daily = daily(BigDecimal.ONE, 10_000L);
        Budget other = daily(BigDecimal.ONE, null);
        store.reserve(List.of(daily, other), TENTH, NOW);
        store.reserve(List.of(daily), TENTH, NOW);
        Charge small = new Charge(new BigDecimal("0.0123"), 12);
        store.settle(List.of(new Settlement(List.of(daily, other), TENTH, small, NOW),
                new Settlement(List.of(daily), TENTH, small, NOW),
                new Settlement(List.of(daily), Charge.ZERO, small, NOW))); // reserved in memory during an outage
        assertThat(store.use(List.of(daily, other), NOW)).containsEntry(daily.name(),
                new BudgetUse(new Charge(new BigDecimal("0.0369"), 36), Charge.ZERO))
                .containsEntry(other.name(), new BudgetUse(small, Charge.ZERO));
    }

    @Test
    void redisStartsAPeriodFromTheDatabasesSettledTotalAndAgainAfterItLosesIt() {
        Budget b = daily(new BigDecimal("0.3"), null);
        JdbcBudgetStore database = new JdbcBudgetStore(pg, 2, A);
        RedisBudgetStore store = inRedis(A);
        database.settle(List.of(new Settlement(List.of(b), Charge.ZERO, TENTH, NOW))); // spent before Redis was named
        assertThat(store.reserve(List.of(b), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        assertThat(store.use(List.of(b), NOW).get(b.name())).isEqualTo(new BudgetUse(TENTH, TENTH));
        String key = RedisConnection.DEFAULT_PREFIX + RedisBudgetStore.KEYS + b.rowKey(NOW);
        assertThat(redis.sync().pttl(key)).as("kept until a day after the period").isGreaterThan(86_400_000L);

        // the settlement reaches both stores, as the writer sends it; then Redis restarts empty
        Settlement settled = new Settlement(List.of(b), TENTH, TENTH, NOW);
        store.settle(List.of(settled));
        database.settle(List.of(settled.unreserved()));
        redis.sync().del(key);
        assertThat(store.use(List.of(b), NOW).get(b.name())).isEqualTo(new BudgetUse(TENTH.plus(TENTH), Charge.ZERO));
        store.settle(List.of(new Settlement(List.of(b), TENTH, TENTH, NOW))); // a late one finds nothing to change
        assertThat(redis.sync().exists(key)).isZero();

        assertThat(store.reserve(List.of(b), TENTH, NOW)).isEqualTo(BudgetDecision.RESERVED);
        assertThat(store.reserve(List.of(b), TENTH, NOW)).isInstanceOf(BudgetDecision.Refused.class);
    }
}
