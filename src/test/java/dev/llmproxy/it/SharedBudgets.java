package dev.llmproxy.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A budget shared by two instances, whichever store holds it: scenarios each shared store must pass. The scopes
 * given have a daily budget of 600 tokens; the model answers after 6 s, so that only reservations decide.
 */
final class SharedBudgets {

    /** What the simulated model reports for "hi": 1 prompt and 7 completion tokens. */
    static final long SIM_TOKENS = 8;

    private final LibertyInstance a;
    private final LibertyInstance b;
    private final String admin;
    /** "hi" is estimated at 9 prompt tokens: with max_tokens 91 each request reserves 100 tokens, 6 fit in 600. */
    private final String body;

    /** @param slowModel a model that answers after about 6 s */
    SharedBudgets(LibertyInstance a, LibertyInstance b, String admin, String slowModel) {
        this.a = a;
        this.b = b;
        this.admin = admin;
        this.body = "{\"model\":\"" + slowModel + "\",\"max_tokens\":91,\"messages\":[{\"role\":\"user\","
                + "\"content\":\"hi\"}]}";
    }

    /** 20 requests at once, 10 on each instance: 6 pass, the others are refused, and 6 answers' tokens are used. */
    void sharedExactly(String scope) throws Exception {
        List<HttpResponse<String>> answers = budgeted(scope, 20);
        assertThat(answers.stream().filter(r -> r.statusCode() == 200)).hasSize(6);
        assertThat(answers.stream().filter(r -> r.statusCode() == 429))
                .hasSize(14).allSatisfy(r -> assertThat(r.body()).contains("budget_exceeded"));
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            for (LibertyInstance i : List.of(a, b)) {
                JsonObject use = use(i, scope);
                assertThat(use.getJsonNumber("reservedTokens").longValue()).isZero();
                assertThat(use.getJsonNumber("usedTokens").longValue()).isEqualTo(6 * SIM_TOKENS);
            }
        });
    }

    /**
     * The store goes away: each instance spends its share (300 tokens, 3 requests), and what they spent is in the
     * shared totals once it is back.
     */
    void spentThroughAnOutage(String scope, Instances.Step cut, Instances.Step restore, Instances.Step awaitShared)
            throws Exception {
        awaitShared.run();
        cut.run();
        List<HttpResponse<String>> answers;
        try {
            answers = budgeted(scope, 20);
            for (LibertyInstance i : List.of(a, b)) {
                assertThat(i.get("/metrics").body()).contains("proxy_budget_store_shared 0.0");
            }
        } finally {
            restore.run();
            awaitShared.run();
        }
        assertThat(answers.stream().filter(r -> r.statusCode() == 200)).hasSize(6);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            JsonObject use = use(a, scope);
            assertThat(use.getJsonNumber("usedTokens").longValue()).isEqualTo(6 * SIM_TOKENS);
            assertThat(use.getJsonNumber("reservedTokens").longValue()).isZero();
        });
    }

    /** {@code n} requests at once in that scope, alternating instances, each from its own address. */
    private List<HttpResponse<String>> budgeted(String scope, int n) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Callable<HttpResponse<String>>> calls = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                LibertyInstance instance = k % 2 == 0 ? a : b;
                String client = "198.51.100." + (k + 1) + scope.length();
                calls.add(() -> instance.send(HttpRequest.newBuilder(URI.create(instance.base() + "/v1/scopes/" + scope
                                + "/chat/completions")).header("Content-Type", "application/json")
                        .header("X-Forwarded-For", client).POST(HttpRequest.BodyPublishers.ofString(body))));
            }
            List<HttpResponse<String>> out = new ArrayList<>();
            for (Future<HttpResponse<String>> f : pool.invokeAll(calls)) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The scope's daily budget as the admin API shows it on that instance. */
    JsonObject use(LibertyInstance i, String scope) throws Exception {
        String name = "scope:" + scope + ".daily";
        JsonObject all = Json.createReader(new StringReader(i.send(HttpRequest.newBuilder(
                URI.create(i.base() + "/admin/api/budgets")).header("Authorization", admin).GET()).body())).readObject();
        return all.getJsonArray("budgets").getValuesAs(JsonObject.class).stream()
                .filter(o -> o.getString("name").equals(name)).findFirst().orElseThrow();
    }

    /** The request body that reserves 100 tokens. */
    String body() {
        return body;
    }
}
