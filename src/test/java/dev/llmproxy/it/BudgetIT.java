package dev.llmproxy.it;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import jakarta.json.JsonObject;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static dev.llmproxy.testing.OpenAiBodies.partialEvents;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spend budgets end to end: the worst case reserved before the call, refusals with 429 budget_exceeded, settlement to
 * the real cost, a key's own budget, and what operators see.
 */
class BudgetIT extends DeployedProxy {

    /** Each test counts in its own scope: budget rows outlive a test (they are the day's). */
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static FaultUpstream fault;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("metered", fault.delayed(1500, FaultUpstream.ok()));
        fault.on("quick", FaultUpstream.ok());
        fault.on("cut", fault.stream(0, 5, Ending.CUT, partialEvents("cut", "one", " two", " three", " four", " five")));
        fault.on("unpriced", FaultUpstream.ok());
        new ProxyClient().importConfig("""
                {"providers": [{"name": "fault", "kind": "openai", "baseUrl": "%s", "apiKeySecret": "IT_UPSTREAM_KEY"}],
                 "models": [{"name": "metered", "provider": "fault", "upstreamModel": "metered",
                             "inputCostPerMTok": 10, "outputCostPerMTok": 10},
                            {"name": "quick", "provider": "fault", "upstreamModel": "quick",
                             "inputCostPerMTok": 10, "outputCostPerMTok": 10},
                            {"name": "cut", "provider": "fault", "upstreamModel": "cut",
                             "inputCostPerMTok": 10, "outputCostPerMTok": 10},
                            {"name": "unpriced", "provider": "fault", "upstreamModel": "unpriced"}],
                 "tiers": [{"name": "budgeted", "chain": ["metered"]}],
                 "settings": {"budgets": {"scope:race-%s": {"dailyUsd": 0.1},
                                          "scope:cut-%s": {"dailyTokens": 100000},
                                          "scope:usd-%s": {"monthlyUsd": 5},
                                          "scope:alert-%s": {"dailyTokens": 20}}}}
                """.formatted(fault.baseUrl(), RUN, RUN, RUN, RUN));
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    /** "hi" is estimated at 9 prompt tokens: with max_tokens 991 the worst case is 1000 tokens, $0.01 here. */
    private static String body(String model, int maxTokens, boolean stream) {
        return "{\"model\":\"" + model + "\",\"max_tokens\":" + maxTokens + ",\"stream\":" + stream
                + ",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    }

    private HttpResponse<String> inScope(String scope, String body) {
        return proxy.post("/v1/scopes/" + scope + "-" + RUN + "/chat/completions", body);
    }

    private JsonObject budget(String name) {
        JsonObject all = JsonCodec.read(proxy.adminGet("/admin/api/budgets").body()).asJsonObject();
        return all.getJsonArray("budgets").getValuesAs(JsonObject.class).stream()
                .filter(b -> b.getString("name").equals(name)).findFirst().orElseThrow();
    }

    /** A new API key with that budget of its own: the admin API's answer, the key itself included. */
    private JsonObject createKey(String name, String budget) {
        HttpResponse<String> created = proxy.send("POST", "/admin/api/keys",
                "{\"name\":\"" + name + " " + RUN + "\",\"budget\":" + budget + "}",
                "Authorization", ProxyClient.adminAuth(), "Content-Type", "application/json");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JsonCodec.read(created.body()).asJsonObject();
    }

    @Test
    void fiftyConcurrentRequestsRaceForABudgetThatFitsTenAndAtMostTenAreAdmitted() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(50);
        List<HttpResponse<String>> answers = new ArrayList<>();
        try {
            List<Callable<HttpResponse<String>>> calls = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                calls.add(() -> inScope("race", body("budgeted", 991, false)));
            }
            for (Future<HttpResponse<String>> f : pool.invokeAll(calls)) {
                answers.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        List<HttpResponse<String>> refused = answers.stream().filter(r -> r.statusCode() == 429).toList();
        assertThat(answers.size() - refused.size()).isLessThanOrEqualTo(10);
        assertThat(refused).hasSizeGreaterThanOrEqualTo(40).allSatisfy(r -> {
            assertThat(r.body()).contains("\"code\":\"budget_exceeded\"").contains("scope:race-" + RUN + ".daily");
            assertThat(r.headers().firstValue("Retry-After")).isPresent();
        });
        assertThat(fault.calls("metered")).isLessThanOrEqualTo(10);
        String name = "scope:race-" + RUN + ".daily";
        JsonObject settled = Awaitility.await().atMost(Duration.ofSeconds(20))
                .until(() -> budget(name), b -> b.getJsonNumber("reservedUsd").bigDecimalValue().signum() == 0);
        // each admitted request settled to its real cost: 18 tokens at $10 per million
        long admitted = answers.stream().filter(r -> r.statusCode() == 200).count();
        assertThat(settled.getJsonNumber("usedUsd").bigDecimalValue())
                .isEqualByComparingTo(new BigDecimal("0.00018").multiply(BigDecimal.valueOf(admitted)))
                .isLessThanOrEqualTo(new BigDecimal("0.1"));
    }

    @Test
    void aKeysOwnBudgetRefusesUntilItResetsAndCanBeTakenBack() {
        JsonObject key = createKey("budgeted", "{\"dailyTokens\":1000}");
        assertThat(key.getJsonObject("budget").getInt("dailyTokens")).isEqualTo(1000);
        String auth = "Bearer " + key.getString("key");
        String id = key.getString("id");
        assertThat(proxy.send("POST", "/v1/chat/completions", body("quick", 991, false), "Authorization", auth)
                .statusCode()).isEqualTo(200);
        // settled (off the request path, within moments) to the 18 tokens used: 1000 more no longer fit
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> budget("key:" + id + ".daily")
                .getJsonNumber("usedTokens").longValue() == 18);
        HttpResponse<String> refused = proxy.send("POST", "/v1/chat/completions", body("quick", 991, false),
                "Authorization", auth);
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.body()).contains("budget_exceeded").contains("key:" + id + ".daily")
                .contains("18 of 1000 tokens");
        long untilMidnight = Duration.between(Instant.now(), LocalDate.now(ZoneOffset.UTC).plusDays(1)
                .atStartOfDay(ZoneOffset.UTC).toInstant()).toSeconds();
        assertThat(Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow()))
                .isBetween(untilMidnight - 30, untilMidnight + 30);
        assertThat(proxy.send("POST", "/v1/chat/completions", body("quick", 900, false), "Authorization", auth)
                .statusCode()).isEqualTo(200); // a smaller worst case still fits
        assertThat(proxy.adminPut("/admin/api/keys/" + id + "/budget", "{}").statusCode()).isEqualTo(200);
        assertThat(proxy.send("POST", "/v1/chat/completions", body("quick", 991, false), "Authorization", auth)
                .statusCode()).isEqualTo(200);
        HttpResponse<String> bad = proxy.adminPut("/admin/api/keys/" + id + "/budget", "{\"dailyUsd\":-1,\"weekly\":2}");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("dailyUsd").contains("weekly");
    }

    @Test
    void aKeysTokensPerMinuteIsARateLimitCountedFromReservations() {
        JsonObject key = createKey("token rate", "{\"tokensPerMinute\":1010}");
        String auth = "Bearer " + key.getString("key");
        // 1000 tokens reserved each, 18 settled: a second one within the same minute does not fit (a third
        // request covers a minute that turned between the first two)
        List<HttpResponse<String>> answers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            answers.add(proxy.send("POST", "/v1/chat/completions", body("quick", 991, false), "Authorization", auth));
        }
        assertThat(answers.get(0).statusCode()).isEqualTo(200);
        HttpResponse<String> refused = answers.stream().filter(r -> r.statusCode() == 429).findFirst().orElseThrow();
        assertThat(refused.body()).contains("\"code\":\"rate_limited\"")
                .contains("key:" + key.getString("id") + ".tokensPerMinute").contains("1010 tokens per minute");
        assertThat(Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow())).isBetween(1L, 60L);
    }

    @Test
    void aStreamCutMidwayIsChargedForWhatItProduced() throws Exception {
        HttpResponse<InputStream> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                        ProxyClient.BASE + "/v1/scopes/cut-" + RUN + "/chat/completions"))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(body("cut", 500, true))).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(r.statusCode()).isEqualTo(200);
        String relayed;
        try (InputStream in = r.body()) {
            relayed = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            relayed = "cut"; // the proxy ends a stream it could not finish with a cut, after an error event
        }
        assertThat(relayed).isNotEmpty();
        String name = "scope:cut-" + RUN + ".daily";
        JsonObject settled = Awaitility.await().atMost(Duration.ofSeconds(20))
                .until(() -> budget(name), b -> b.getJsonNumber("reservedTokens").longValue() == 0);
        // the prompt estimate (9) and the five words relayed at one token per two characters ("one", " two", " three",
        // " four", " five": 13), not the 509 reserved
        assertThat(settled.getJsonNumber("usedTokens").longValue()).isEqualTo(22);
    }

    @Test
    void aModelWithoutAPriceIsRefusedUnderADollarBudgetBeforeAnyCall() {
        HttpResponse<String> r = inScope("usd", body("unpriced", 10, false));
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(r.body()).contains("cost_safety").contains("no price");
        assertThat(fault.calls("unpriced")).isZero();
    }

    @Test
    void operatorsSeeUseAlertsAndRefusals() throws Exception {
        // worst case 9 + 1 = 10 tokens fits 20; the upstream then reports 18: 90 % used
        assertThat(inScope("alert", body("quick", 1, false)).statusCode()).isEqualTo(200);
        String name = "scope:alert-" + RUN + ".daily";
        Awaitility.await().atMost(Duration.ofSeconds(20))
                .until(() -> budget(name).getJsonNumber("usedTokens").longValue() == 18);
        assertThat(budget(name).getString("alert")).contains("90 % spent");
        assertThat(inScope("alert", body("quick", 1, false)).statusCode()).isEqualTo(429);
        String metrics = proxy.get("/metrics").body();
        assertThat(metrics).contains("proxy_budget_used_ratio{budget=\"" + name + "\"} 0.9")
                .contains("proxy_budget_refusals_total{budget=\"" + name + "\"} 1.0");
        ConsoleLogin console = ConsoleLogin.open(proxy, "203.0.113.52");
        console.signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
        String dashboard = console.get("/admin/dashboard").body();
        assertThat(dashboard).contains("id=\"budgets\"").contains(name).contains("budget-warn")
                .contains("Budget " + name + " is 90 % spent");
    }
}
