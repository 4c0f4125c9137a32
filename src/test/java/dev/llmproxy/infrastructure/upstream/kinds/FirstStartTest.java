package dev.llmproxy.infrastructure.upstream.kinds;

import dev.llmproxy.application.config.BootstrapConfig;
import dev.llmproxy.domain.config.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** What the provider kinds add to the configuration a first start stores, for the credentials a deployment holds. */
class FirstStartTest {

    private static RuntimeConfig load(Function<String, Optional<String>> env) {
        return BootstrapConfig.load(env, UpstreamKinds.firstStarts());
    }

    @Test
    void embeddedDefaultAnswersWithoutKeysAndRealProvidersJoinWhenKeysArePresent() {
        RuntimeConfig plain = load(k -> Optional.empty());
        assertThat(plain.tier("balanced").orElseThrow().chain().get(0)).isEqualTo("sim-flaky");
        assertThat(plain.tiers()).extracting(t -> t.name()).contains("fast", "balanced", "thoughtful");

        Map<String, String> env = Map.of("OPENROUTER_API_KEY", "k1", "GEMINI_API_KEY", "k2");
        RuntimeConfig real = load(k -> Optional.ofNullable(env.get(k)));
        assertThat(real.provider("openrouter").orElseThrow().apiKeySecret()).isEqualTo("OPENROUTER_API_KEY");
        assertThat(real.tier("fast").orElseThrow().chain()).containsExactly("gemini-flash-lite", "or-gemma-27b-free");
        assertThat(real.tier("drill").orElseThrow().chain()).contains("sim-outage");
        assertThat(real.tier("embeddings").orElseThrow().chain()).containsExactly("gemini-embedding");
        assertThat(real.model("gemini-embedding").orElseThrow().embeds()).isTrue();
    }

    @Test
    void everyDoorAnswersOutOfTheBoxAndSimulatedVectorsNeverPassForRealOnes() {
        RuntimeConfig plain = load(k -> Optional.empty());
        assertThat(plain.tier("embeddings").orElseThrow().chain())
                .allSatisfy(m -> assertThat(plain.model(m).orElseThrow().embeds()).isTrue());
        assertThat(plain.tier("balanced").orElseThrow().chain())
                .allSatisfy(m -> assertThat(plain.model(m).orElseThrow().embeds()).isFalse());

        RuntimeConfig openRouterOnly = load(k -> Optional.ofNullable(
                Map.of("OPENROUTER_API_KEY", "k1").get(k)));
        assertThat(openRouterOnly.tier("embeddings")).isEmpty();
    }

    @Test
    void theCloudsJoinAtFirstStartEachInATierOfItsOwn(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path key = java.nio.file.Files.writeString(dir.resolve("key.json"),
                "{\"type\":\"service_account\",\"project_id\":\"acme-ml\"}");
        Map<String, String> env = Map.of("ANTHROPIC_API_KEY", "k1", "GOOGLE_APPLICATION_CREDENTIALS", key.toString(),
                "GOOGLE_CLOUD_LOCATION", "europe-west4", "AZURE_OPENAI_API_KEY", "k2",
                "AZURE_OPENAI_ENDPOINT", "https://acme.openai.azure.com/", "AZURE_OPENAI_DEPLOYMENT", "gpt-4o-prod");
        RuntimeConfig clouds = load(k -> Optional.ofNullable(env.get(k)));
        assertThat(clouds.provider("vertex").orElseThrow().baseUrl().toString())
                .isEqualTo("https://europe-west4-aiplatform.googleapis.com/v1/projects/acme-ml/locations/europe-west4");
        assertThat(clouds.provider("vertex").orElseThrow().apiKeySecret()).isEqualTo("GOOGLE_APPLICATION_CREDENTIALS");
        assertThat(clouds.tier("vertex").orElseThrow().chain()).containsExactly("vertex-gemini-flash",
                "vertex-claude-sonnet");
        assertThat(clouds.provider("azure-openai").orElseThrow().baseUrl().toString())
                .isEqualTo("https://acme.openai.azure.com/openai/v1");
        assertThat(clouds.tier("azure").orElseThrow().chain()).containsExactly("azure-gpt-4o-prod");
        assertThat(clouds.tier("claude").orElseThrow().chain()).containsExactly("claude-sonnet", "claude-haiku");
        assertThat(clouds.tier("balanced").orElseThrow().chain()).doesNotContain("vertex-gemini-flash");

        Map<String, String> global = Map.of("GOOGLE_APPLICATION_CREDENTIALS", key.toString(),
                "GOOGLE_CLOUD_PROJECT", "other");
        assertThat(load(k -> Optional.ofNullable(global.get(k))).provider("vertex").orElseThrow()
                .baseUrl().toString()).isEqualTo("https://aiplatform.googleapis.com/v1/projects/other/locations/global");
    }

    @Test
    void azuresOwnAppVariablesAndABedrockApiKeyAddTheirProvidersAtFirstStart() {
        Map<String, String> env = Map.of("AZURE_TENANT_ID", "t", "AZURE_CLIENT_ID", "c", "AZURE_CLIENT_SECRET", "s",
                "AZURE_OPENAI_ENDPOINT", "https://acme.openai.azure.com", "AZURE_OPENAI_DEPLOYMENT", "gpt-4o-prod",
                "AWS_BEARER_TOKEN_BEDROCK", "ABSKa2V5", "AWS_REGION", "eu-central-1");
        RuntimeConfig clouds = load(k -> Optional.ofNullable(env.get(k)));
        assertThat(clouds.provider("azure-openai").orElseThrow().apiKeySecret()).isEqualTo("AZURE_CLIENT_SECRET");
        assertThat(clouds.provider("bedrock").orElseThrow().baseUrl().toString())
                .isEqualTo("https://bedrock-runtime.eu-central-1.amazonaws.com");
        assertThat(clouds.provider("bedrock").orElseThrow().apiKeySecret()).isEqualTo("AWS_BEARER_TOKEN_BEDROCK");
        assertThat(clouds.model("bedrock-claude-sonnet").orElseThrow().upstreamModel())
                .isEqualTo("eu.anthropic.claude-sonnet-4-5-20250929-v1:0");
        assertThat(clouds.tier("bedrock").orElseThrow().chain()).containsExactly("bedrock-claude-sonnet");

        // a key wins over the app; the app without its secret adds nothing
        Map<String, String> keyed = new java.util.HashMap<>(env);
        keyed.put("AZURE_OPENAI_API_KEY", "k");
        assertThat(load(k -> Optional.ofNullable(keyed.get(k))).provider("azure-openai").orElseThrow()
                .apiKeySecret()).isEqualTo("AZURE_OPENAI_API_KEY");
        Map<String, String> half = Map.of("AZURE_TENANT_ID", "t", "AZURE_CLIENT_ID", "c",
                "AZURE_OPENAI_ENDPOINT", "https://acme.openai.azure.com", "AZURE_OPENAI_DEPLOYMENT", "d");
        assertThat(load(k -> Optional.ofNullable(half.get(k))).provider("azure-openai")).isEmpty();
    }
}
