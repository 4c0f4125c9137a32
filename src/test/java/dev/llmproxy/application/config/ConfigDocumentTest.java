package dev.llmproxy.application.config;

import dev.llmproxy.domain.config.AnswerReuse;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.SettingKeys;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class ConfigDocumentTest {

    static final String ISSUE_EXAMPLE = """
            {"providers": [{"name": "wall", "kind": "openai", "baseUrl": "http://127.0.0.1:18401/v1", "apiKeySecret": "WALL_KEY"}],
             "models": [{"name": "fb-ok", "provider": "wall", "upstreamModel": "fb-ok", "enabled": true, "free": true,
                         "freeVerifiedOn": "2026-11-30", "contextWindow": 8192, "supportsPrefill": true,
                         "reasoningEffort": "low", "thinkingHeadroom": 2048},
                        {"name": "fb-s04-503", "provider": "wall", "upstreamModel": "fb-s04-503"}],
             "tiers": [{"name": "s04", "description": "...", "chain": ["fb-s04-503", "fb-ok"]}],
             "settings": {"attemptTimeoutMs": 3000, "chainBudgetMs": 10000, "maxSameModelRetries": 2,
                          "backoffInitialMs": 200, "backoffMaxMs": 2000, "rateLimitCooldownMs": 60000,
                          "firstTokenTimeoutMs": 1500, "streamIdleTimeoutMs": 2000}}
            """;

    @Test
    void readsTheDocumentFormatOfTheIssue() {
        RuntimeConfig c = ConfigDocument.read(ISSUE_EXAMPLE);
        assertThat(c.provider("wall").orElseThrow().apiKeySecret()).isEqualTo("WALL_KEY");
        assertThat(c.model("fb-ok").orElseThrow().freeVerifiedOn()).isEqualTo(LocalDate.of(2026, 11, 30));
        assertThat(c.model("fb-s04-503").orElseThrow().enabled()).isTrue();
        assertThat(c.model("fb-ok").orElseThrow().reasoningEffort()).isEqualTo("low");
        assertThat(c.model("fb-ok").orElseThrow().thinkingHeadroom()).isEqualTo(2048);
        assertThat(c.tier("s04").orElseThrow().chain()).containsExactly("fb-s04-503", "fb-ok");
        assertThat(c.settings().timeBudgets().attempt().toMillis()).isEqualTo(3000);
        assertThat(c.settings().get(SettingKeys.STREAM_IDLE_TIMEOUT_MS)).isEqualTo(2000L);
    }

    @Test
    void settingsNotGivenTakeTheirDefaults() {
        RuntimeConfig c = ConfigDocument.read("{\"providers\":[],\"models\":[],\"tiers\":[]}");
        assertThat(c.settings().timeBudgets().chain().toMillis()).isEqualTo(18_000);
        assertThat(c.settings().outcomes().sameModelRetryStatuses()).containsExactlyInAnyOrder(500, 502, 503, 504);
    }

    @Test
    void exportReadsBackToTheSameConfiguration() {
        RuntimeConfig c = ConfigDocument.read(ISSUE_EXAMPLE);
        RuntimeConfig again = ConfigDocument.read(ConfigDocumentWriter.writeString(c));
        assertThat(again.sameContentAs(c)).isTrue();
    }

    @Test
    void aHedgedTierReadsAndExportsItsFlagAndAnUnhedgedOneLeavesItOut() {
        RuntimeConfig c = ConfigDocument.read(ISSUE_EXAMPLE.replace("\"chain\": [\"fb-s04-503\", \"fb-ok\"]}",
                "\"chain\": [\"fb-s04-503\", \"fb-ok\"], \"hedged\": true}"));
        assertThat(c.tier("s04").orElseThrow().hedged()).isTrue();
        String exported = ConfigDocumentWriter.writeString(c);
        assertThat(exported).contains("\"hedged\": true");
        assertThat(ConfigDocument.read(exported).tier("s04").orElseThrow().hedged()).isTrue();
        assertThat(ConfigDocumentWriter.writeString(ConfigDocument.read(ISSUE_EXAMPLE))).doesNotContain("hedged");
    }

    @Test
    void aTiersModelsForRefusalsReadExportAndAreCheckedLikeItsChain() {
        RuntimeConfig c = ConfigDocument.read(ISSUE_EXAMPLE.replace("\"chain\": [\"fb-s04-503\", \"fb-ok\"]}",
                "\"chain\": [\"fb-s04-503\"], \"onRefusal\": [\"fb-ok\"]}"));
        assertThat(c.tier("s04").orElseThrow().onRefusal()).containsExactly("fb-ok");
        String exported = ConfigDocumentWriter.writeString(c);
        assertThat(ConfigDocument.read(exported).sameContentAs(c)).isTrue();
        assertThat(ConfigDocumentWriter.writeString(ConfigDocument.read(ISSUE_EXAMPLE))).doesNotContain("onRefusal");

        ConfigValidationException e = catchThrowableOfType(() -> ConfigDocument.read(ISSUE_EXAMPLE.replace(
                "\"chain\": [\"fb-s04-503\", \"fb-ok\"]}",
                "\"chain\": [\"fb-ok\"], \"onRefusal\": [\"ghost\", \"fb-s04-503\", \"fb-s04-503\"]}")),
                ConfigValidationException.class);
        assertThat(e.problems()).containsExactly(
                "tiers[0].onRefusal[0]: 'ghost' is neither an allowlisted model nor a deployment group",
                "tiers[0].onRefusal[2]: 'fb-s04-503' appears twice");
    }

    @Test
    void aTiersAnswersGivenAgainReadExportAndAreBoundedByADay() {
        RuntimeConfig c = ConfigDocument.read(ISSUE_EXAMPLE.replace("\"chain\": [\"fb-s04-503\", \"fb-ok\"]}",
                "\"chain\": [\"fb-s04-503\"], \"maxAgeSeconds\": 300, \"staleIfErrorSeconds\": 86400}"));
        assertThat(c.tier("s04").orElseThrow().reuse()).isEqualTo(AnswerReuse.ofSeconds(300, 86_400));
        String exported = ConfigDocumentWriter.writeString(c);
        assertThat(exported).contains("\"maxAgeSeconds\": 300").contains("\"staleIfErrorSeconds\": 86400");
        assertThat(ConfigDocument.read(exported).sameContentAs(c)).isTrue();
        assertThat(ConfigDocumentWriter.writeString(ConfigDocument.read(ISSUE_EXAMPLE))).doesNotContain("maxAge");

        ConfigValidationException e = catchThrowableOfType(() -> ConfigDocument.read(ISSUE_EXAMPLE.replace(
                "\"chain\": [\"fb-s04-503\", \"fb-ok\"]}",
                "\"chain\": [\"fb-ok\"], \"maxAgeSeconds\": -1, \"staleIfErrorSeconds\": 86401}")),
                ConfigValidationException.class);
        assertThat(e.problems()).anySatisfy(p -> assertThat(p).startsWith("tiers[0].maxAgeSeconds"))
                .contains("tiers[0].staleIfErrorSeconds: must be 0 to 86400 seconds (answers are kept a day)");
    }

    @Test
    void providersModelsAndTiersKeepTheOrderTheyWereGivenIn() {
        String names = "zeta,beta,omega,alpha,kappa,delta,sigma,gamma";
        StringBuilder doc = new StringBuilder("{\"providers\":[");
        for (String name : names.split(",")) {
            doc.append(doc.length() > 14 ? "," : "").append("{\"name\":\"").append(name).append("\",\"kind\":\"sim\"}");
        }
        RuntimeConfig c = ConfigDocument.read(doc.append("],\"models\":[],\"tiers\":[]}").toString());
        assertThat(String.join(",", c.providers().stream().map(p -> p.name()).toList())).isEqualTo(names);
        RuntimeConfig again = ConfigDocument.read(ConfigDocumentWriter.writeString(c));
        assertThat(String.join(",", again.providers().stream().map(p -> p.name()).toList())).isEqualTo(names);
        RuntimeConfig reordered = ConfigDocument.read(ConfigDocumentWriter.writeString(c)
                .replace("\"zeta\"", "\"tmp\"").replace("\"alpha\"", "\"zeta\"").replace("\"tmp\"", "\"alpha\""));
        assertThat(reordered.sameContentAs(c)).as("a move is a change").isFalse();
    }

    @Test
    void everyProblemIsReportedWithItsField() {
        String bad = """
                {"providers": [{"name": "p", "kind": "grpc"}, {"name": "o", "kind": "openai"}],
                 "models": [{"name": "m", "provider": "nobody", "upstreamModel": "x", "contextWindow": -1, "colour": 1,
                             "reasoningEffort": "extreme", "thinkingHeadroom": -3}],
                 "tiers": [{"name": "t", "chain": ["m", "ghost"]}],
                 "settings": {"attemptTimeoutMs": "soon", "noSuchSetting": 1, "nextModelStatuses": [700]},
                 "extra": true}
                """;
        assertThatThrownBy(() -> ConfigDocument.read(bad))
                .isInstanceOfSatisfying(ConfigValidationException.class, e -> assertThat(e.problems()).anySatisfy(
                        p -> assertThat(p).startsWith("providers[0].kind")).anySatisfy(
                        p -> assertThat(p).startsWith("models[0].contextWindow")).anySatisfy(
                        p -> assertThat(p).startsWith("models[0].colour")).anySatisfy(
                        p -> assertThat(p).startsWith("models[0].reasoningEffort")).anySatisfy(
                        p -> assertThat(p).startsWith("models[0].thinkingHeadroom")).anySatisfy(
                        p -> assertThat(p).startsWith("settings.attemptTimeoutMs")).anySatisfy(
                        p -> assertThat(p).startsWith("settings.noSuchSetting")).anySatisfy(
                        p -> assertThat(p).startsWith("settings.nextModelStatuses")).anySatisfy(
                        p -> assertThat(p).startsWith("extra")));
    }

    @Test
    void crossReferencesAreChecked() {
        String bad = """
                {"providers": [{"name": "o", "kind": "openai"}, {"name": "s", "kind": "sim"}],
                 "models": [{"name": "m", "provider": "nobody", "upstreamModel": "x"},
                            {"name": "sim1", "provider": "s", "upstreamModel": "dance"}],
                 "tiers": [{"name": "m", "chain": ["ghost", "ghost"]}]}
                """;
        assertThatThrownBy(() -> ConfigDocument.read(bad))
                .isInstanceOfSatisfying(ConfigValidationException.class, e -> assertThat(String.join("\n", e.problems()))
                        .contains("providers[0].baseUrl", "models[0].provider", "models[1].upstreamModel: unknown sim behaviour",
                                "tiers[0].name: 'm' is also a model name", "tiers[0].chain[0]", "tiers[0].chain[1]"));
    }

    @Test
    void invalidJsonSaysWhere() {
        assertThatThrownBy(() -> ConfigDocument.read("{\"providers\": [")).hasMessageContaining("invalid JSON");
        assertThatThrownBy(() -> ConfigDocument.read("[]")).hasMessageContaining("must be a JSON object");
    }

    @Test
    void aKeyIsNeverAcceptedWhereItsSecretNameBelongs() {
        String doc = "{\"providers\":[{\"name\":\"o\",\"kind\":\"openai\",\"baseUrl\":\"https://x.test/v1\","
                + "\"apiKeySecret\":\"sk-or-v1-abc/def\"}],\"models\":[],\"tiers\":[]}";
        assertThatThrownBy(() -> ConfigDocument.read(doc)).hasMessageContaining("providers[0].apiKeySecret");
    }

    @Test
    void aProviderMayNameOnlyAProvidersSecretAndTheMachineIdentityOnlyWhenSaidSo() {
        for (String secret : List.of("PROXY_DB_PASSWORD", "PROXY_OIDC_CLIENT_SECRET", "PROXY_IP_SALT", "proxy_redis_url",
                "javax.net.ssl.keyStorePassword", "keystore_password", "OTEL_EXPORTER_OTLP_HEADERS")) {
            String doc = "{\"providers\":[{\"name\":\"o\",\"kind\":\"openai\",\"baseUrl\":\"https://x.test/v1\","
                    + "\"apiKeySecret\":\"" + secret + "\"}],\"models\":[],\"tiers\":[]}";
            assertThatThrownBy(() -> ConfigDocument.read(doc)).as(secret)
                    .hasMessageContaining("providers[0].apiKeySecret").hasMessageContaining("not a provider's key");
        }
        String unnamed = "{\"providers\":[{\"name\":\"v\",\"kind\":\"vertex\",\"baseUrl\":"
                + "\"https://x.test/v1/projects/p/locations/l\"}],\"models\":[],\"tiers\":[]}";
        assertThatThrownBy(() -> ConfigDocument.read(unnamed)).hasMessageContaining("providers[0].apiKeySecret")
                .hasMessageContaining("machine-identity");
        assertThat(ConfigDocument.read(unnamed.replace("\"}]", "\",\"apiKeySecret\":\"machine-identity\"}]"))
                .provider("v").orElseThrow().apiKeySecret()).isEqualTo("machine-identity");
        String openai = "{\"providers\":[{\"name\":\"o\",\"kind\":\"openai\",\"baseUrl\":\"https://x.test/v1\","
                + "\"apiKeySecret\":\"machine-identity\"}],\"models\":[],\"tiers\":[]}";
        assertThatThrownBy(() -> ConfigDocument.read(openai)).hasMessageContaining("vertex and bedrock only");
    }

    @Test
    void theDocumentedChainAcrossThreeCloudsIsValid() throws Exception {
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("docs/providers.md"));
        int at = doc.indexOf("```json", doc.indexOf("## One chain across three clouds")) + "```json".length();
        RuntimeConfig c = ConfigDocument.read(doc.substring(at, doc.indexOf("```", at)));
        assertThat(c.tier("smart").orElseThrow().chain()).containsExactly("claude", "claude-vertex", "gpt-azure");
        assertThat(c.providers()).extracting(p -> p.kind().id()).containsExactly("anthropic", "vertex", "azure-openai");
    }

    @Test
    void theDocumentedWholeConfigurationIsValid() throws Exception {
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("docs/providers.md"));
        int at = doc.indexOf("```json", doc.indexOf("A whole configuration:")) + "```json".length();
        RuntimeConfig c = ConfigDocument.read(doc.substring(at, doc.indexOf("```", at)));
        assertThat(c.provider("gemini").orElseThrow().kind().id()).isEqualTo("gemini");
        assertThat(c.provider("openrouter").orElseThrow().kind().id()).isEqualTo("openrouter");
        assertThat(c.tier("balanced").orElseThrow().chain()).endsWith("or-free-router");
        assertThat(c.isStandIn("llama")).isTrue();
    }
}
