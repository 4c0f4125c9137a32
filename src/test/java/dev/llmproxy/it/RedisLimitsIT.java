package dev.llmproxy.it;

import dev.llmproxy.testing.LocalRedis;
import dev.llmproxy.testing.PostgresDatabases;
import dev.llmproxy.testing.TcpRelay;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two instances sharing PostgreSQL and counting their rate limits and budget reservations in Redis
 * ({@code PROXY_REDIS_URL}): their combined allowance is the limit, a budget is shared exactly, and the database holds
 * no count and no reservation, only the budgets' settled totals (from which Redis starts a budget again when it loses
 * it); with Redis gone both keep serving on their share of each limit and budget, and they return to the shared counts
 * when Redis comes back. A 429 cooldown one instance starts, and a breaker it opens, hold on the other.
 */
@OwnServers
class RedisLimitsIT {

    private static final String DATABASE = "llmproxy_redis_it";
    private static final String CONFIG = "{\"providers\":[{\"name\":\"sim\",\"kind\":\"sim\"}],"
            + "\"models\":[{\"name\":\"rl-ok\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"},"
            + "{\"name\":\"rl-429\",\"provider\":\"sim\",\"upstreamModel\":\"ratelimited-retry-after-600s\"},"
            + "{\"name\":\"rl-down\",\"provider\":\"sim\",\"upstreamModel\":\"error-500\"},"
            + "{\"name\":\"rl-slow\",\"provider\":\"sim\",\"upstreamModel\":\"healthy-6000ms\"},"
            + "{\"name\":\"rl-measured\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"}],"
            + "\"tiers\":[{\"name\":\"rl-tier\",\"chain\":[\"rl-ok\"]},"
            + "{\"name\":\"rl-cool\",\"chain\":[\"rl-429\",\"rl-ok\"]},"
            + "{\"name\":\"rl-fall\",\"chain\":[\"rl-down\",\"rl-ok\"]}],"
            + "\"settings\":{\"ipLimitPerMinute\":0,\"ipLimitPerHour\":5,\"trustedProxies\":[\"127.0.0.1\",\"::1\"],"
            + "\"maxSameModelRetries\":0,\"breakerConsecutiveFailures\":1,\"breakerCooldownMs\":600000,"
            + "\"budgets\":{\"scope:rl-probe\":{\"dailyTokens\":100000000},\"scope:rl-shared\":{\"dailyTokens\":600},"
            + "\"scope:rl-outage\":{\"dailyTokens\":600},\"scope:rl-reseed\":{\"dailyTokens\":105}}}}";
    private static final AtomicInteger PROBES = new AtomicInteger();

    private static TcpRelay redis;
    private static RedisClient client;
    private static StatefulRedisConnection<String, String> direct;
    private static InstancePair pair;
    private static LibertyInstance a;
    private static LibertyInstance b;

    @BeforeAll
    static void start() throws Exception {
        client = RedisClient.create(LocalRedis.url(LocalRedis.PORT, LocalRedis.INSTANCES_DATABASE));
        direct = client.connect();
        for (String key : direct.sync().keys("llmproxy:*")) {
            direct.sync().del(key); // an earlier run's counts
        }
        redis = new TcpRelay(LocalRedis.HOST, LocalRedis.PORT);
        pair = new InstancePair("redis", 9286, DATABASE, 5432,
                Map.of("PROXY_REDIS_URL", LocalRedis.url(redis.port(), LocalRedis.INSTANCES_DATABASE)));
        a = pair.a;
        b = pair.b;
        pair.start(CONFIG);
    }

    @AfterAll
    static void stop() throws Exception {
        if (pair != null) {
            pair.close();
        }
        if (redis != null) {
            redis.close();
        }
        if (direct != null) {
            direct.close();
            client.shutdown();
        }
    }

    /** The same keyed request on both instances at once runs once: its key lives in Redis, not the database. */
    @Test
    void aKeyedRequestRunsOnceAcrossInstancesThroughRedis() throws Exception {
        String body = "{\"model\":\"rl-slow\",\"messages\":[{\"role\":\"user\",\"content\":\"once\"}]}";
        Instances.keyedRequestRunsOnce(a, b, body, "rl-slow", "rl-ok", "198.51.100.91");
        assertThat(direct.sync().keys("llmproxy:kept:*")).isNotEmpty();
    }

    @Test
    void theCombinedAllowanceOfTwoInstancesIsTheLimitAndItIsCountedInRedisOnly() throws Exception {
        awaitShared();
        int[] allowed = allowedOnEach("203.0.113.1", 10);
        assertThat(allowed[0] + allowed[1]).isEqualTo(5);
        assertThat(allowed[0]).isPositive();
        assertThat(allowed[1]).isPositive();
        assertThat(direct.sync().keys("llmproxy:rate:ip:*|3600000")).isNotEmpty();
        assertThat(database("SELECT count(*) FROM rate_window")).isZero();
    }

    @Test
    void withoutRedisBothServeOnTheirShareOfTheLimit() throws Exception {
        Instances.limitsThroughAnOutage(a, b, "rl-tier", redis::cut, redis::restore, RedisLimitsIT::awaitShared,
                i -> { });
    }

    @Test
    void twoInstancesShareABudgetInRedisExactlyAndTheDatabaseKeepsOnlyItsTotal() throws Exception {
        awaitShared();
        budgets().sharedExactly("rl-shared");
        assertThat(direct.sync().keys("llmproxy:budget:budget|scope:rl-shared.daily|*")).hasSize(1);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(database(
                "SELECT used_tokens FROM budget_use WHERE row_key LIKE 'budget|scope:rl-shared.daily|%'"))
                .isEqualTo(6 * SharedBudgets.SIM_TOKENS));
        assertThat(database("SELECT coalesce(sum(reserved_tokens), 0) FROM budget_use")).isZero();
        assertThat(database("SELECT count(*) FROM budget_hold")).isZero();
    }

    @Test
    void withoutRedisEachInstanceSpendsItsShareOfABudgetAndTheSpendReachesRedisWhenItReturns() throws Exception {
        budgets().spentThroughAnOutage("rl-outage", redis::cut, redis::restore, RedisLimitsIT::awaitShared);
    }

    @Test
    void aBudgetRedisLosesStartsAgainFromTheTotalInTheDatabase() throws Exception {
        awaitShared();
        String body = budgets().body().replace("rl-slow", "rl-ok"); // reserves 100 of the 105 tokens, spends 8
        assertThat(inScope(a, "rl-reseed", body).statusCode()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(database(
                "SELECT used_tokens FROM budget_use WHERE row_key LIKE 'budget|scope:rl-reseed.daily|%'"))
                .isEqualTo(SharedBudgets.SIM_TOKENS));
        for (String key : direct.sync().keys("llmproxy:budget:budget|scope:rl-reseed.daily|*")) {
            direct.sync().del(key); // as when Redis restarts without its data
        }
        // counted from zero, 100 more would fit; from the 8 the database holds, they do not
        HttpResponse<String> refused = inScope(b, "rl-reseed", body);
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(429);
        assertThat(refused.body()).contains("budget_exceeded");
    }

    private static SharedBudgets budgets() {
        return new SharedBudgets(a, b, pair.admin, "rl-slow");
    }

    private static HttpResponse<String> inScope(LibertyInstance i, String scope, String body) throws Exception {
        return i.send(HttpRequest.newBuilder(URI.create(i.base() + "/v1/scopes/" + scope
                + "/chat/completions")).header("Content-Type", "application/json")
                .header("X-Forwarded-For", "198.51.100.200")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** A number the shared database answers. */
    private static long database(String query) throws Exception {
        try (Connection c = DriverManager.getConnection(PostgresDatabases.url(DATABASE, 5432), PostgresDatabases.USER,
                ""); ResultSet rs = c.createStatement().executeQuery(query)) {
            return rs.next() ? rs.getLong(1) : -1;
        }
    }

    @Test
    void aModelRateLimitedOnOneInstanceIsNotCalledByTheOtherUntilItsCooldownEnds() throws Exception {
        awaitShared();
        assertThat(Instances.chat(a, "203.0.113.20", "rl-cool").statusCode()).isEqualTo(200);
        assertThat(a.get("/metrics").body())
                .contains("proxy_attempts_total{model=\"rl-429\",outcome=\"rate_limited\"} 1.0");
        // b hears of the cooldown (a message, not a request's round trip) and goes straight to the next model
        AtomicInteger client = new AtomicInteger(20);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(Instances.chat(b, "203.0.113." + client.incrementAndGet(), "rl-cool").statusCode())
                    .isEqualTo(200);
            assertThat(b.get("/metrics").body())
                    .contains("proxy_attempts_total{model=\"rl-429\",outcome=\"skipped_cooldown\"}");
        });
        assertThat(b.get("/metrics").body()).doesNotContain("model=\"rl-429\",outcome=\"rate_limited\"");
    }

    @Test
    void aModelWhoseBreakerOneInstanceOpensIsSkippedByTheOther() throws Exception {
        awaitShared();
        assertThat(Instances.chat(a, "203.0.113.40", "rl-fall").statusCode()).isEqualTo(200);
        assertThat(a.get("/metrics").body())
                .contains("proxy_attempts_total{model=\"rl-down\",outcome=\"server_error\"} 1.0");
        AtomicInteger client = new AtomicInteger(40);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(Instances.chat(b, "203.0.113." + client.incrementAndGet(), "rl-fall").statusCode())
                    .isEqualTo(200);
            assertThat(b.get("/metrics").body())
                    .contains("proxy_attempts_total{model=\"rl-down\",outcome=\"skipped_breaker_open\"}");
        });
        assertThat(b.get("/metrics").body()).doesNotContain("model=\"rl-down\",outcome=\"server_error\"");
    }

    @Test
    void theLatenciesOneInstanceMeasuresCountOnTheOther() throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThat(Instances.chat(a, "203.0.113.6" + i, "rl-measured").statusCode()).isEqualTo(200);
        }
        // told in a batch about once a second: b plans with a's measurements without calling the model itself
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(b.get("/metrics").body())
                .contains("proxy_model_latency_answers{kind=\"total\",model=\"rl-measured\"} 3.0"));
        assertThat(b.get("/metrics").body()).doesNotContain("proxy_attempts_total{model=\"rl-measured\"");
    }

    private static void awaitShared() {
        Instances.awaitShared(a, b, "rl-tier", "rl-probe", PROBES);
    }

    private static int[] allowedOnEach(String client, int requests) throws Exception {
        return Instances.allowedOnEach(a, b, client, requests, "rl-tier");
    }
}
