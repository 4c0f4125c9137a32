package dev.llmproxy.it;

import dev.llmproxy.testing.TcpRelay;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two instances behind one (imaginary) load balancer, sharing PostgreSQL: their combined allowance is the limit;
 * with the database gone both keep serving (and stay ready) on their share of each limit, and they return to the
 * shared counts when it comes back. Plus a third instance in production mode without a salt, which must refuse to serve.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@OwnServers
class MultiInstanceIT {

    private static final String CONFIG = "{\"providers\":[{\"name\":\"zz-sim\",\"kind\":\"sim\"},"
            + "{\"name\":\"sim\",\"kind\":\"sim\",\"baseUrl\":\"sim://local\"},{\"name\":\"aa-sim\",\"kind\":\"sim\"}],"
            + "\"models\":[{\"name\":\"mi-ok\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"},"
            + "{\"name\":\"mi-slow\",\"provider\":\"sim\",\"upstreamModel\":\"healthy-6000ms\"},"
            + "{\"name\":\"mi-hang\",\"provider\":\"sim\",\"upstreamModel\":\"healthy-60000ms\"}],"
            + "\"tiers\":[{\"name\":\"mi-tier\",\"chain\":[\"mi-ok\"]}],"
            + "\"settings\":{\"ipLimitPerMinute\":0,\"ipLimitPerHour\":5,\"trustedProxies\":[\"127.0.0.1\",\"::1\"],"
            + "\"budgets\":{\"scope:mi-shared\":{\"dailyTokens\":600},\"scope:mi-outage\":{\"dailyTokens\":600},"
            + "\"scope:mi-crash\":{\"dailyTokens\":600},\"scope:mi-probe\":{\"dailyTokens\":100000000}}}}";

    /** The clients of the store probes, one each. */
    private static final AtomicInteger PROBES = new AtomicInteger();
    private static TcpRelay database;
    private static InstancePair pair;
    private static LibertyInstance a;
    private static LibertyInstance b;
    private static LibertyInstance production;

    @BeforeAll
    static void start() throws Exception {
        database = new TcpRelay("127.0.0.1", 5432);
        pair = new InstancePair("multi", 9281, "llmproxy_it", database.port(), Map.of());
        a = pair.a;
        b = pair.b;
        production = new LibertyInstance("productionNoSalt", 9283,
                Path.of(System.getProperty("liberty.wlpHome"), "usr/servers/testServer/jdbc/h2.jar"),
                Map.of("PROXY_MODE", "production", "PROXY_IP_SALT", "",
                        "PROXY_DATA_DIR", Path.of("target/production-it-data").toAbsolutePath().toString(),
                        "PROXY_ADMIN_PASSWORD", pair.password));
        pair.start(CONFIG, production);
    }

    @AfterAll
    static void stop() throws Exception {
        if (pair != null) {
            pair.close();
        }
        if (database != null) {
            database.close();
        }
    }

    private static void awaitSharedStore() {
        Instances.awaitShared(a, b, "mi-tier", "mi-probe", PROBES);
    }

    @Test
    void anInstanceThatReadsTheConfigFromTheDatabaseExportsTheProvidersInTheOrderGiven() throws Exception {
        // b never saw the import: it read the config from the database, as every instance does on a restart
        JsonObject export = Json.createReader(new StringReader(b.send(HttpRequest.newBuilder(
                URI.create(b.base() + "/admin/api/config")).header("Authorization", pair.admin).GET()).body())).readObject();
        assertThat(export.getJsonArray("providers").getValuesAs(JsonObject.class).stream()
                .map(p -> p.getString("name")).toList()).containsExactly("zz-sim", "sim", "aa-sim");
    }

    @Test
    void theCombinedAllowanceOfTwoInstancesIsTheLimit() throws Exception {
        awaitSharedStore();
        int[] allowed = allowedOnEach("203.0.113.1", 10);
        assertThat(allowed[0] + allowed[1]).isEqualTo(5);
        assertThat(allowed[0]).isPositive();
        assertThat(allowed[1]).isPositive();
    }

    @Test
    void withoutTheDatabaseBothServeOnTheirShareOfTheLimitAndReturnToTheSharedCountsAfterwards() throws Exception {
        // each instance counts the instances alive on a request it makes through the shared store
        Instances.limitsThroughAnOutage(a, b, "mi-tier", database::cut, database::restore,
                MultiInstanceIT::awaitSharedStore, i -> { });
    }

    @Test
    void twoInstancesShareABudgetExactly() throws Exception {
        awaitSharedStore();
        budgets().sharedExactly("mi-shared");
    }

    @Test
    void withoutTheDatabaseEachInstanceSpendsItsShareAndTheSpendReachesTheStoreWhenItReturns() throws Exception {
        budgets().spentThroughAnOutage("mi-outage", database::cut, database::restore,
                MultiInstanceIT::awaitSharedStore);
    }

    private static SharedBudgets budgets() {
        return new SharedBudgets(a, b, pair.admin, "mi-slow");
    }

    /** The same request with the same key on both instances at once runs once (through the database). */
    @Test
    void aKeyedRequestRunsOnceAcrossInstances() throws Exception {
        Instances.keyedRequestRunsOnce(a, b, budgets().body(), "mi-slow", "mi-ok", "203.0.113.91");
    }

    /** Last: it kills instance b. */
    @Test
    @Order(Integer.MAX_VALUE)
    void whatAnInstanceThatDiesMidRequestHadReservedIsReleasedByTheOther() throws Exception {
        awaitSharedStore();
        CompletableFuture.runAsync(() -> {
            try {
                b.send(HttpRequest.newBuilder(URI.create(b.base() + "/v1/scopes/mi-crash/chat/completions"))
                        .header("Content-Type", "application/json").header("X-Forwarded-For", "198.51.100.250")
                        .POST(HttpRequest.BodyPublishers.ofString(budgets().body().replace("mi-slow", "mi-hang"))));
            } catch (Exception e) {
                // b is killed under it
            }
        });
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(budgets().use(a, "mi-crash")
                .getJsonNumber("reservedTokens").longValue()).isEqualTo(100));
        b.kill();
        // b's heartbeat goes stale after 30 s; a releases what b held when it finds it stale twice, 15 s apart
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(2)).untilAsserted(() ->
                assertThat(budgets().use(a, "mi-crash").getJsonNumber("reservedTokens").longValue()).isZero());
    }

    @Test
    void productionModeWithoutASaltRefusesToServe() throws Exception {
        HttpResponse<String> ready = production.get("/health/ready");
        assertThat(ready.statusCode()).isEqualTo(503);
        assertThat(ready.body()).contains("PROXY_IP_SALT is not set");
        HttpResponse<String> chat = chat(production, "203.0.113.9");
        assertThat(chat.statusCode()).isEqualTo(503);
        assertThat(chat.body()).contains("proxy_misconfigured").contains("PROXY_IP_SALT");
    }

    private static int[] allowedOnEach(String client, int requests) throws Exception {
        return Instances.allowedOnEach(a, b, client, requests, "mi-tier");
    }

    private static HttpResponse<String> chat(LibertyInstance instance, String client) throws Exception {
        return Instances.chat(instance, client, "mi-tier");
    }
}
