package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.replay.Reuse;
import dev.llmproxy.domain.routing.AttemptRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Templates render their view models, escape what clients control, and hide edit controls from auditors. */
class TemplatesTest {

    private final Templates templates = new Templates();

    private static RequestRecord hostile() {
        return new RequestRecord("req_1", Instant.parse("2026-11-30T12:00:00Z"), "fast", "<script>alert(1)</script>",
                "m1", false, 502, "upstream_error", 40, null, null, null, null, false, false, false,
                List.of(new AttemptRecord("m1", Outcome.SERVER_ERROR, 500, Duration.ofMillis(30),
                        "HTTP 500 <img src=x onerror=alert(2)>")), null, null, null, null);
    }

    @Test
    void aRequestDetailEscapesClientAndProviderText() {
        String html = templates.render("request", Map.of("request", RequestRows.detail(hostile()),
                "chrome", new ConsoleRequest.Chrome("audrey", false, "tok", "requests")));
        assertThat(html).doesNotContain("<script>alert(1)</script>").doesNotContain("<img src=x")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;").contains("&lt;img src=x onerror=alert(2)&gt;")
                .contains("Front door").contains("chat completions (/v1/chat/completions)");
    }

    @Test
    void aReplayLinksTheRequestItRepeats() {
        RequestRecord replay = RequestRecord.of("req_2", Instant.parse("2026-11-30T12:00:01Z")).asked(null, "fast")
                .answeredBy("m1", false).status(200, null).reused(new Reuse(Reuse.Kind.STALE, "req_1")).build();
        String html = templates.render("request", Map.of("request", RequestRows.detail(replay),
                "chrome", new ConsoleRequest.Chrome("audrey", false, "tok", "requests")));
        assertThat(html).contains("Answer of").contains("href=\"/admin/requests/req_1\"")
                .contains("in place of the error");
        assertThat(templates.render("request", Map.of("request", RequestRows.detail(hostile()),
                "chrome", new ConsoleRequest.Chrome("audrey", false, "tok", "requests")))).doesNotContain("Answer of");
    }

    @Test
    void auditorsSeeNoEditControlsAndAdminsDo() {
        TiersPage.TierView tier = new TiersPage.TierView("fast", "quick", List.of(
                new TiersPage.ChainEntry(0, "m1", true, true, false), new TiersPage.ChainEntry(1, "m2", true, false, true)), false, List.of(), 0, 0);
        Map<String, Object> model = Map.of("tier", tier, "addable", List.of("m3"), "refusable", List.of("m3"),
                "version", 7L);
        String auditor = templates.render("tier", with(model, new ConsoleRequest.Chrome("audrey", false, "tok", "tiers")));
        assertThat(auditor).doesNotContain("<form method=\"post\" action=\"/admin/tiers").doesNotContain("Remove")
                .contains("m1").contains("m2");
        String admin = templates.render("tier", with(model, new ConsoleRequest.Chrome("ada", true, "tok", "tiers")));
        assertThat(admin).contains("name=\"_csrf\" value=\"tok\"").contains("name=\"version\" value=\"7\"")
                .contains("id=\"down-m1\"").contains("id=\"up-m2\"").doesNotContain("id=\"up-m1\"");
        assertThat(admin).contains("value=\"hedge\"").contains("Hedge slow models").contains("Off: each model");
        assertThat(auditor).doesNotContain("Hedge slow models").contains("Off: each model");
        assertThat(admin).contains("value=\"refusal-add\"").contains("A content refusal stops the request");
        assertThat(auditor).doesNotContain("refusal-add");
        TiersPage.TierView hedged = new TiersPage.TierView("fast", "quick", tier.chain(), true, List.of("m3"), 300, 0);
        String on = templates.render("tier", with(Map.of("tier", hedged, "addable", List.of(), "refusable", List.of(),
                "version", 7L), new ConsoleRequest.Chrome("ada", true, "tok", "tiers")));
        assertThat(on).contains("value=\"unhedge\"").contains("Stop hedging").contains("On: a model");
        assertThat(on).contains("id=\"refusal-remove-m3\"").contains("goes to these models")
                .doesNotContain("value=\"refusal-add\"");
        assertThat(on).contains("without a call for 300 s").contains("value=\"300\"");
        assertThat(admin).contains("Off: every request is answered by the chain").contains("value=\"reuse\"");
        assertThat(auditor).doesNotContain("value=\"reuse\"");
    }

    @Test
    void theKeysPageOffersEveryPriorityWithStandardChosenUnlessTheFormSaidOtherwise() {
        Map<String, Object> model = new java.util.HashMap<>(Map.of("keys", List.of(new KeysPage.KeyRow("Ab3", "app",
                        "chat", "all", "default", "batch", "2026-12-07T00:00:00Z", "admin", false, "active")),
                "problems", List.of(), "values", Map.of(), "tiers", List.of("fast"),
                "priorities", List.of("interactive", "standard", "batch")));
        String fresh = templates.render("keys", with(model, new ConsoleRequest.Chrome("ada", true, "tok", "keys")));
        assertThat(fresh).contains("id=\"create-key\"").contains("<td>batch</td>")
                .contains("<option value=\"standard\" selected=\"selected\">standard</option>")
                .contains("<option value=\"batch\">batch</option>");
        model.put("values", Map.of("priority", "batch"));
        String again = templates.render("keys", with(model, new ConsoleRequest.Chrome("ada", true, "tok", "keys")));
        assertThat(again).contains("<option value=\"batch\" selected=\"selected\">batch</option>");
    }

    @Test
    void anErrorPageShowsItsTitleAndMessage() {
        String html = templates.render("error", Map.of("title", "Changed meanwhile", "message", "Reload <now>",
                "chrome", new ConsoleRequest.Chrome("ada", true, "tok", "")));
        assertThat(html).contains("<title>Changed meanwhile · LLM proxy</title>").contains("<h1>Changed meanwhile</h1>")
                .contains("Reload &lt;now&gt;");
    }

    @Test
    void csvCellsAreQuotedAndFormulasDefused() {
        assertThat(RequestRows.cell("plain")).isEqualTo("plain");
        assertThat(RequestRows.cell("a,b")).isEqualTo("\"a,b\"");
        assertThat(RequestRows.cell("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(RequestRows.cell("=HYPERLINK(\"x\")")).startsWith("\"'=HYPERLINK(");
        // spreadsheets skip leading spaces and line feeds before looking for a formula
        assertThat(RequestRows.cell(" =1+1")).isEqualTo("' =1+1");
        assertThat(RequestRows.cell("\n+cmd")).isEqualTo("\"'\n+cmd\"");
        assertThat(RequestRows.cell("  \r\n@SUM(A1)")).isEqualTo("\"'  \r\n@SUM(A1)\"");
        assertThat(RequestRows.cell("\t-2")).isEqualTo("'\t-2");
        assertThat(RequestRows.cell(" plain")).isEqualTo(" plain");
        assertThat(RequestRows.cell("   ")).isEqualTo("   ");
        assertThat(RequestRows.csv(hostile())).startsWith("req_1,2026-11-30 12:00:00.000,fast,<script>alert(1)</script>,m1,")
                .endsWith(",chat\r\n");
    }

    @Test
    void theModelListMarksAFreeModelWhoseCheckIsStale() {
        var fresh = new dev.llmproxy.domain.catalog.AllowedModel("fresh", "p", "fresh", null, true, true,
                java.time.LocalDate.parse("2026-11-30"), null, false, null, null, null, null, null, null);
        var old = new dev.llmproxy.domain.catalog.AllowedModel("old", "p", "old", null, true, true,
                java.time.LocalDate.parse("2026-10-01"), null, false, null, null, null, null, null, null);
        String html = templates.render("models", with(Map.of("models", java.util.List.of(fresh, old), "version", 1L,
                "providers", java.util.List.of("p"), "staleFree", java.util.Set.of("old"), "maxAgeDays", 30L,
                "latency", Map.of("fresh", new LatencyRow("-", "-"), "old", new LatencyRow("-", "-"))),
                new ConsoleRequest.Chrome("audrey", false, "tok", "models")));
        assertThat(html).contains("id=\"stale-old\"").doesNotContain("id=\"stale-fresh\"")
                .contains("Not verified free in the last 30 days");
    }

    @Test
    void theProviderFormOffersEveryKindTheCatalogNames() {
        Map<String, Object> model = new java.util.HashMap<>(ProvidersPage.kindChoices());
        model.putAll(Map.of("providers", List.of(), "version", 1L, "errors", Map.of(),
                "values", Map.of("name", "", "kind", "bedrock", "baseUrl", "", "apiKeySecret", "")));
        String html = templates.render("providers", with(model, new ConsoleRequest.Chrome("audrey", true, "tok",
                "providers")));
        for (dev.llmproxy.domain.catalog.ProviderKind kind : dev.llmproxy.domain.catalog.ProviderKind.values()) {
            assertThat(html).contains("value=\"" + kind.id() + "\"");
        }
        assertThat(html).contains("<option value=\"bedrock\" selected=\"selected\">bedrock (Claude and other models")
                .contains("azure-openai: https://{resource}.openai.azure.com/openai?api-version=2024-10-21")
                .contains("vertex: the service-account key file&#39;s path");
    }

    private static Map<String, Object> with(Map<String, Object> model, ConsoleRequest.Chrome chrome) {
        Map<String, Object> all = new java.util.HashMap<>(model);
        all.put("chrome", chrome);
        return all;
    }
}
