package dev.llmproxy.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Several instances behind one (imaginary) load balancer: started together, asked in turn. */
final class Instances {

    private Instances() {
    }

    /** Starts them at once: instances on one PostgreSQL also race for the schema, which a start-up lock serialises. */
    static void startTogether(LibertyInstance... instances) {
        CompletableFuture.allOf(Arrays.stream(instances).map(i -> CompletableFuture.runAsync(() -> {
            try {
                i.start();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        })).toArray(CompletableFuture[]::new)).join();
    }

    /** The environment with one more variable. */
    static Map<String, String> with(Map<String, String> base, String key, String value) {
        Map<String, String> out = new HashMap<>(base);
        out.put(key, value);
        return out;
    }

    /** The admin API's Basic authorization for the user {@code admin}. */
    static String admin(String password) {
        return "Basic " + Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Imports a config document (limiting addresses to 5 an hour) on the first instance; the second picks the change
     * up from the database within seconds.
     */
    static void importConfig(String admin, String config, LibertyInstance on, LibertyInstance seenBy)
            throws Exception {
        HttpResponse<String> imported = on.send(HttpRequest.newBuilder(URI.create(on.base() + "/admin/api/config"))
                .header("Authorization", admin).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(config)));
        assertThat(imported.statusCode()).as(imported.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(seenBy.send(HttpRequest.newBuilder(
                URI.create(seenBy.base() + "/admin/api/config")).header("Authorization", admin).GET()).body())
                .contains("\"ipLimitPerHour\":5"));
    }

    /** A chat request of that tier from that client (as the balancer forwards it). */
    static HttpResponse<String> chat(LibertyInstance instance, String client, String tier) throws Exception {
        return instance.send(HttpRequest.newBuilder(URI.create(instance.base() + "/v1/chat/completions"))
                .header("Content-Type", "application/json").header("X-Forwarded-For", client)
                .POST(HttpRequest.BodyPublishers.ofString(ProxyClient.chatBody(tier))));
    }

    /** Requests of that client, alternately on a and b: how many each allowed (the others refused by the hour). */
    static int[] allowedOnEach(LibertyInstance a, LibertyInstance b, String client, int requests, String tier)
            throws Exception {
        int[] allowed = new int[2];
        for (int i = 0; i < requests; i++) {
            HttpResponse<String> r = chat(i % 2 == 0 ? a : b, client, tier);
            if (r.statusCode() == 200) {
                allowed[i % 2]++;
            } else {
                assertThat(r.statusCode()).as("request %d", i).isEqualTo(429);
                assertThat(r.body()).contains("ipLimitPerHour");
            }
        }
        return allowed;
    }

    /**
     * Both instances count limits and budgets in the shared store (again), and count each other alive: a request from
     * a new client on each, in a budgeted scope, until both say so (a store's guard tries it again only on a request
     * that needs it).
     */
    static void awaitShared(LibertyInstance a, LibertyInstance b, String tier, String budgetedScope,
            AtomicInteger probes) {
        warmUp(a, b, tier, budgetedScope, probes);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
            for (LibertyInstance i : List.of(a, b)) {
                probe(i, tier, budgetedScope, probes.incrementAndGet());
                JsonObject data = readiness(i).getJsonObject("data");
                assertThat(data.getString("rateLimitStore")).isEqualTo("shared");
                assertThat(data.getString("budgetStore")).isEqualTo("shared");
                assertThat(data.getInt("instancesAlive")).as("the divisor of a share").isEqualTo(2);
            }
        });
    }

    /**
     * Ten probes at once on each instance: the first burst after a start opens the connection pool's connections and
     * loads the request path, which on a busy machine can pass the shared store's 500 ms guard and put an instance on
     * its share for a moment. A scenario that counts exactly begins once the store has answered such a burst.
     */
    private static void warmUp(LibertyInstance a, LibertyInstance b, String tier, String budgetedScope,
            AtomicInteger probes) {
        ExecutorService burst = Executors.newFixedThreadPool(20);
        try {
            List<Future<?>> sent = new ArrayList<>();
            for (int n = 0; n < 20; n++) {
                LibertyInstance i = n % 2 == 0 ? a : b;
                int probe = probes.incrementAndGet();
                sent.add(burst.submit(() -> probe(i, tier, budgetedScope, probe)));
            }
            for (Future<?> f : sent) {
                f.get(60, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            throw new IllegalStateException("the warm-up burst did not finish", e);
        } finally {
            burst.shutdownNow();
        }
    }

    /** One request in the budgeted scope, from a client address of its own (no address limit is near). */
    private static HttpResponse<String> probe(LibertyInstance i, String tier, String budgetedScope, int probe)
            throws Exception {
        return i.send(HttpRequest.newBuilder(URI.create(i.base() + "/v1/scopes/" + budgetedScope
                        + "/chat/completions")).header("Content-Type", "application/json")
                .header("X-Forwarded-For", "198.18." + probe / 250 + "." + probe % 250)
                .POST(HttpRequest.BodyPublishers.ofString(ProxyClient.chatBody(tier))));
    }

    /** The proxy's readiness check. */
    static JsonObject readiness(LibertyInstance instance) throws Exception {
        return Json.createReader(new StringReader(instance.get("/health/ready").body())).readObject()
                .getJsonArray("checks").getJsonObject(0);
    }

    /** A step of a scenario. */
    interface Step {
        void run() throws Exception;
    }

    /** A check made on each instance. */
    interface Check {
        void on(LibertyInstance instance) throws Exception;
    }

    /**
     * The store holding the limits (5 an hour per address) goes away and comes back: both instances serve on their
     * share of what was left of each limit meanwhile, stay ready and say they are degraded, and the shared counts
     * apply again afterwards.
     */
    static void limitsThroughAnOutage(LibertyInstance a, LibertyInstance b, String tier, Step cut, Step restore,
            Step awaitShared, Check whileCut) throws Exception {
        awaitShared.run();
        // a client that has used 4 of its 5 an hour, on both instances: a saw 3 used, b saw 4
        for (int i = 0; i < 4; i++) {
            assertThat(chat(i % 2 == 0 ? a : b, "203.0.113.6", tier).statusCode()).isEqualTo(200);
        }
        cut.run();
        try {
            // what was left when each last read the store, shared out: a allows (5 - 3) / 2 = 1, b (5 - 4) / 2 = 0
            assertThat(allowedOnEach(a, b, "203.0.113.6", 10, tier)).containsExactly(1, 0);
            // 5 an hour over the 2 instances alive: each allows 2 on its own, so together they stay within the limit
            assertThat(allowedOnEach(a, b, "203.0.113.2", 10, tier)).containsExactly(2, 2);
            for (LibertyInstance i : new LibertyInstance[] {a, b}) {
                // still ready: the instance serves, and says it does so degraded
                HttpResponse<String> ready = i.get("/health/ready");
                assertThat(ready.statusCode()).as(ready.body()).isEqualTo(200);
                JsonObject check = readiness(i);
                assertThat(check.getString("status")).isEqualTo("UP");
                assertThat(check.getJsonObject("data").getBoolean("degraded")).isTrue();
                assertThat(check.getJsonObject("data").getString("rateLimitStore")).startsWith("in-memory");
                assertThat(i.get("/metrics").body()).contains("proxy_rate_limit_store_shared 0.0");
                whileCut.on(i);
            }
        } finally {
            restore.run();
            awaitShared.run();
        }
        // the shared counts apply again: a new client gets 5 for this hour on the two instances together
        int allowed = 0;
        for (int i = 0; i < 8; i++) {
            allowed += chat(i % 2 == 0 ? a : b, "203.0.113.5", tier).statusCode() == 200 ? 1 : 0;
        }
        assertThat(allowed).isEqualTo(5);
    }

    /**
     * The same request with the same idempotency key on both instances at once: one runs it, the other waits for it
     * (through the shared store) and gives its answer again; the key with another body is refused on either.
     *
     * @param body a request to {@code slowModel}, which takes seconds; {@code otherModel} makes it another request
     */
    static void keyedRequestRunsOnce(LibertyInstance a, LibertyInstance b, String body, String slowModel,
                                     String otherModel, String client) throws Exception {
        String key = "key-" + java.util.UUID.randomUUID();
        CompletableFuture<HttpResponse<String>> onA = CompletableFuture
                .supplyAsync(() -> keyed(a, body, key, client));
        CompletableFuture<HttpResponse<String>> onB = CompletableFuture
                .supplyAsync(() -> keyed(b, body, key, client));
        HttpResponse<String> fromA = onA.get(60, TimeUnit.SECONDS);
        HttpResponse<String> fromB = onB.get(60, TimeUnit.SECONDS);
        assertThat(fromA.statusCode()).isEqualTo(200);
        assertThat(fromB.statusCode()).isEqualTo(200);
        assertThat(fromB.body()).isEqualTo(fromA.body());
        String replayOnA = fromA.headers().firstValue("X-Proxy-Replay-Of").orElse(null);
        String replayOnB = fromB.headers().firstValue("X-Proxy-Replay-Of").orElse(null);
        // whichever claimed the key first ran it; the other gave its answer again
        if (replayOnA == null) {
            assertThat(replayOnB).isEqualTo(fromA.headers().firstValue("X-Request-Id").orElseThrow());
        } else {
            assertThat(replayOnA).isEqualTo(fromB.headers().firstValue("X-Request-Id").orElseThrow());
            assertThat(replayOnB).isNull();
        }
        assertThat(keyed(b, body.replace(slowModel, otherModel), key, client).statusCode()).isEqualTo(422);
    }

    private static HttpResponse<String> keyed(LibertyInstance instance, String body, String key, String client) {
        try {
            return instance.send(HttpRequest.newBuilder(URI.create(instance.base() + "/v1/chat/completions"))
                    .header("Content-Type", "application/json").header("X-Forwarded-For", client)
                    .header("Idempotency-Key", key).POST(HttpRequest.BodyPublishers.ofString(body)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
