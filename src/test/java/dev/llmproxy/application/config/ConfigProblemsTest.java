package dev.llmproxy.application.config;

import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.Problem;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Every problem of a config document comes with its path, from the type checks, the settings and the cross-checks. */
class ConfigProblemsTest {

    private static ConfigValidationException rejected(String json) {
        return catchThrowableOfType(() -> ConfigDocument.read(json), ConfigValidationException.class);
    }

    @Test
    void typeSettingAndCrossReferenceProblemsAllCarryTheirPath() {
        ConfigValidationException e = rejected("""
                {"providers": [{"name": "p", "kind": "openai", "baseUrl": "http://h/v1", "extra": 1}],
                 "models": [{"name": "m", "provider": "nope", "upstreamModel": "m", "contextWindow": "big"}],
                 "tiers": [{"name": "t", "chain": ["m", "ghost"]}],
                 "settings": {"maxSameModelRetries": -1, "scopeLimits": {"chat": {"perDay": 0}}}}
                """);
        assertThat(e.found()).extracting(Problem::path).contains("providers[0].extra", "models[0].contextWindow",
                "models[0].provider", "tiers[0].chain[1]", "settings.maxSameModelRetries");
        assertThat(e.found()).anySatisfy(p -> assertThat(p.path()).startsWith("settings.scopeLimits.chat"));
        assertThat(e.found()).filteredOn(p -> p.path().equals("models[0].provider")).singleElement()
                .satisfies(p -> assertThat(p.message()).isEqualTo("unknown provider 'nope'"));
        assertThat(e.problems()).contains("models[0].provider: unknown provider 'nope'");
    }

    @Test
    void aVertexBaseMustNameProjectAndLocationAndEmbeddingsStayWhereTheyAreAsked() {
        ConfigValidationException e = rejected("""
                {"providers": [{"name": "v", "kind": "vertex", "baseUrl": "https://aiplatform.googleapis.com/v1", "apiKeySecret": "machine-identity"},
                               {"name": "a", "kind": "anthropic", "baseUrl": "https://api.anthropic.com/v1"},
                               {"name": "z", "kind": "azure-openai", "baseUrl": "https://r.openai.azure.com/openai"}],
                 "models": [{"name": "e", "provider": "a", "upstreamModel": "x", "vectorSpace": "x@8"}],
                 "tiers": []}
                """);
        assertThat(e.found()).extracting(Problem::path).containsExactly("providers[0].baseUrl", "providers[2].baseUrl",
                "models[0].vectorSpace");
        assertThat(e.found().get(0).message()).startsWith("must name the project and location");
        assertThat(e.found().get(1).message()).contains("api-version");
        assertThat(e.found().get(2).message()).contains("kind 'anthropic'");
        ConfigDocument.read("""
                {"providers": [{"name": "v", "kind": "vertex",
                                "baseUrl": "https://aiplatform.googleapis.com/v1/projects/p-1/locations/global", "apiKeySecret": "machine-identity"},
                               {"name": "z1", "kind": "azure-openai", "baseUrl": "https://r.openai.azure.com/openai/v1/"},
                               {"name": "z2", "kind": "azure-openai",
                                "baseUrl": "https://r.openai.azure.com/openai?api-version=2024-10-21"}],
                 "models": [{"name": "c", "provider": "v", "upstreamModel": "claude-sonnet-4-5@20250929"}], "tiers": []}
                """);
    }

    @Test
    void aBedrockBaseMustBeTheRuntimeAndEmbeddingsAreNotAskedThere() {
        ConfigValidationException e = rejected("""
                {"providers": [{"name": "b", "kind": "bedrock", "baseUrl": "https://bedrock.us-east-1.amazonaws.com", "apiKeySecret": "machine-identity"},
                               {"name": "ok", "kind": "bedrock", "baseUrl": "https://bedrock-runtime.eu-west-1.amazonaws.com", "apiKeySecret": "machine-identity"}],
                 "models": [{"name": "e", "provider": "ok", "upstreamModel": "amazon.titan-embed-text-v2:0",
                             "vectorSpace": "titan@1024"}],
                 "tiers": []}
                """);
        assertThat(e.found()).extracting(Problem::path).containsExactly("providers[0].baseUrl", "models[0].vectorSpace");
        assertThat(e.found().get(0).message()).startsWith("must be the region's Bedrock runtime endpoint");
        ConfigDocument.read("""
                {"providers": [{"name": "b1", "kind": "bedrock", "baseUrl": "https://bedrock-runtime-fips.us-east-1.amazonaws.com", "apiKeySecret": "machine-identity"},
                               {"name": "b2", "kind": "bedrock",
                                "baseUrl": "https://vpce-0a1b-c2d3.bedrock-runtime.eu-central-1.vpce.amazonaws.com", "apiKeySecret": "machine-identity"},
                               {"name": "b3", "kind": "bedrock", "baseUrl": "https://llm-gateway.internal.example", "apiKeySecret": "machine-identity"}],
                 "models": [], "tiers": []}
                """);
    }

    @Test
    void aSettingsConflictNamesTheSettingAtFault() {
        ConfigValidationException e = rejected("""
                {"providers": [], "models": [], "tiers": [],
                 "settings": {"backoffInitialMs": 5000, "backoffMaxMs": 1000}}
                """);
        assertThat(e.found()).singleElement().satisfies(p -> {
            assertThat(p.path()).isEqualTo("settings.backoffInitialMs");
            assertThat(p.message()).isEqualTo("must not exceed settings.backoffMaxMs");
        });
    }

    @Test
    void aDocumentThatIsNotJsonIsAProblemOfTheDocument() {
        assertThat(rejected("[1, 2]").found()).singleElement()
                .satisfies(p -> assertThat(p.path()).isEqualTo("document"));
    }

    @Test
    void aFormFindsItsFieldBelowItsPrefix() {
        Problem p = new Problem("models[2].provider", "unknown provider 'x'");
        assertThat(p.fieldBelow("models[2].")).contains("provider");
        assertThat(p.fieldBelow("models[1].")).isEmpty();
        assertThat(new Problem("models[2].", "odd").fieldBelow("models[2].")).isEmpty();
    }
}
