package dev.llmproxy.it;

import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Duration;

import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static dev.llmproxy.testing.OpenAiBodies.partialEvents;
import static org.assertj.core.api.Assertions.assertThat;

/** What each answered request cost, from the answering model's prices, on its log row and in the metrics. */
class CostIT extends DeployedProxy {

    private static FaultUpstream fault;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("priced", FaultUpstream.ok());
        fault.on("priced-stream", fault.stream(0, 5, Ending.DONE, answerEvents("priced-stream", "Hello", " there")));
        fault.on("gratis", FaultUpstream.ok());
        fault.on("cost-cut", fault.stream(0, 5, Ending.CUT, partialEvents("cost-cut", "one,", " two,")));
        fault.on("cost-cont", fault.stream(0, 5, Ending.DONE, answerEvents("cost-cont", " three.")));
        new ProxyClient().importConfig("""
                {"providers": [{"name": "fault", "kind": "openai", "baseUrl": "%s", "apiKeySecret": "IT_UPSTREAM_KEY"}],
                 "models": [{"name": "priced", "provider": "fault", "upstreamModel": "priced",
                             "inputCostPerMTok": 1.5, "outputCostPerMTok": 6},
                            {"name": "priced-stream", "provider": "fault", "upstreamModel": "priced-stream",
                             "inputCostPerMTok": 1.5, "outputCostPerMTok": 6},
                            {"name": "gratis", "provider": "fault", "upstreamModel": "gratis", "free": true,
                             "inputCostPerMTok": 1.5, "outputCostPerMTok": 6},
                            {"name": "cost-cut", "provider": "fault", "upstreamModel": "cost-cut",
                             "inputCostPerMTok": 1.5, "outputCostPerMTok": 6},
                            {"name": "cost-cont", "provider": "fault", "upstreamModel": "cost-cont", "supportsPrefill": true,
                             "inputCostPerMTok": 1.5, "outputCostPerMTok": 6}],
                 "tiers": [{"name": "costed", "chain": ["priced"]}, {"name": "costed-stream", "chain": ["priced-stream"]},
                           {"name": "free-tier", "chain": ["gratis"]},
                           {"name": "costed-splice", "chain": ["cost-cut", "cost-cont"]}],
                 "settings": {}}
                """.formatted(fault.baseUrl()));
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    private BigDecimal costOf(HttpResponse<String> r) {
        JsonObject row = proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(), Duration.ofSeconds(20));
        return row.getJsonNumber("costUsd").bigDecimalValue();
    }

    @Test
    void anAnswerCostsItsTokensAtItsModelsPrices() {
        HttpResponse<String> r = proxy.chat("costed");
        assertThat(r.statusCode()).isEqualTo(200);
        // 11 prompt tokens at $1.5 and 7 completion tokens at $6 per million
        assertThat(costOf(r)).isEqualByComparingTo("0.0000585");
        assertThat(proxy.get("/metrics").body()).contains("proxy_cost_usd_total{model=\"priced\",tier=\"costed\"}")
                .contains("proxy_tokens_total{kind=\"completion\",model=\"priced\"}");
    }

    @Test
    void aStreamedAnswerCostsItsUpstreamsUsage() {
        HttpResponse<String> r = proxy.post("/v1/chat/completions",
                "{\"model\":\"costed-stream\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertThat(r.statusCode()).isEqualTo(200);
        // the upstream reported 9 prompt and 2 completion tokens
        assertThat(costOf(r)).isEqualByComparingTo("0.0000255");
    }

    @Test
    void theDashboardShowsTodaysAndThisMonthsSpendByModelAndTier() throws Exception {
        proxy.awaitLoggedRow(proxy.chat("costed").headers().firstValue("X-Request-Id").orElseThrow(), Duration.ofSeconds(20));
        ConsoleLogin console = ConsoleLogin.open(proxy, "203.0.113.51");
        console.signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
        String dashboard = console.get("/admin/dashboard").body();
        assertThat(dashboard).contains("id=\"spend-total\"").contains("By model").contains("By tier")
                .contains("<td>priced</td>").contains("<td>costed</td>");
        JsonObject spend = (JsonObject) dev.llmproxy.application.json.JsonCodec.read(proxy.adminGet("/admin/api/spend").body());
        assertThat(spend.getJsonObject("today").getJsonObject("byModel").getJsonNumber("priced").bigDecimalValue())
                .isGreaterThanOrEqualTo(new BigDecimal("0.0000585"));
        assertThat(spend.getJsonObject("month").getJsonNumber("totalUsd").bigDecimalValue()).isPositive();
    }

    @Test
    void aStreamCutOnOneModelAndFinishedOnAnotherCostsWhatEachProduced() {
        HttpResponse<String> r = proxy.post("/v1/chat/completions",
                "{\"model\":\"costed-splice\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("three.");
        JsonObject row = proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(), Duration.ofSeconds(20));
        // the cut attempt: the prompt estimate (9) and what it relayed at one token per two characters ("one,", " two,":
        // 2 + 3); the continuation: its usage, 9 + 1
        JsonObject cut = row.getJsonArray("attempts").getJsonObject(0);
        JsonObject cont = row.getJsonArray("attempts").getJsonObject(1);
        assertThat(cut.getInt("tokens")).isEqualTo(14);
        assertThat(cut.getJsonNumber("costUsd").bigDecimalValue()).isEqualByComparingTo("0.0000435");
        assertThat(cont.getInt("tokens")).isEqualTo(10);
        assertThat(cont.getJsonNumber("costUsd").bigDecimalValue()).isEqualByComparingTo("0.0000195");
        assertThat(row.getJsonNumber("costUsd").bigDecimalValue()).isEqualByComparingTo("0.000063");
    }

    @Test
    void auditorsFilterTheRequestLogByCostAndSeeItOnEveryRow() throws Exception {
        String priced = proxy.chat("costed").headers().firstValue("X-Request-Id").orElseThrow();
        String free = proxy.chat("free-tier").headers().firstValue("X-Request-Id").orElseThrow();
        proxy.awaitLoggedRow(priced, Duration.ofSeconds(20));
        proxy.awaitLoggedRow(free, Duration.ofSeconds(20));
        ConsoleLogin console = ConsoleLogin.open(proxy, "203.0.113.53");
        console.signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
        String page = console.get("/admin/requests?minCost=0.00005").body();
        assertThat(page).contains(priced).doesNotContain(free).contains("$0.0000585");
        assertThat(console.get("/admin/requests?minCost=lots").statusCode()).isEqualTo(400);
        assertThat(console.get("/admin/requests.csv?minCost=0.00005").body()).contains(priced).doesNotContain(free);
    }

    @Test
    void aFreeModelCostsNothing() {
        assertThat(costOf(proxy.chat("free-tier"))).isZero();
    }
}
