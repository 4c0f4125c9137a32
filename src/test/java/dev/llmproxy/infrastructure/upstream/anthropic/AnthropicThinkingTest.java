package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import static dev.llmproxy.infrastructure.upstream.anthropic.AnthropicThinking.Form.ADAPTIVE;
import static dev.llmproxy.infrastructure.upstream.anthropic.AnthropicThinking.Form.BUDGET;
import static dev.llmproxy.infrastructure.upstream.anthropic.AnthropicThinking.Form.NONE;
import static org.assertj.core.api.Assertions.assertThat;

/** Which thinking form each Claude takes, read off its name wherever it is bought, and what is sent for it. */
class AnthropicThinkingTest {

    @Test
    void theFormFollowsTheVersionInEveryNamingAndEveryCloudsSpelling() {
        assertThat(AnthropicThinking.form("claude-3-5-haiku-20241022")).isEqualTo(NONE);
        assertThat(AnthropicThinking.form("claude-3-5-haiku@20241022")).isEqualTo(NONE);
        assertThat(AnthropicThinking.form("claude-3-7-sonnet-20250219")).isEqualTo(BUDGET);
        assertThat(AnthropicThinking.form("claude-sonnet-4-20250514")).isEqualTo(BUDGET);
        assertThat(AnthropicThinking.form("claude-opus-4-1")).isEqualTo(BUDGET);
        assertThat(AnthropicThinking.form("claude-sonnet-4-5@20250929")).isEqualTo(BUDGET);
        assertThat(AnthropicThinking.form("us.anthropic.claude-haiku-4-5-20251001-v1:0")).isEqualTo(BUDGET);
        assertThat(AnthropicThinking.form("claude-opus-4-6")).isEqualTo(ADAPTIVE);
        assertThat(AnthropicThinking.form("Claude-Sonnet-4-7@20260301")).isEqualTo(ADAPTIVE);
        assertThat(AnthropicThinking.form("claude-opus-5")).isEqualTo(ADAPTIVE);
        assertThat(AnthropicThinking.form("my-fine-tuned-claude")).isEqualTo(BUDGET);
    }

    private static JsonObject sent(String upstreamModel, String effort) {
        String chat = "{\"model\":\"c\",\"messages\":[{\"role\":\"user\",\"content\":\"Think.\"}],\"max_tokens\":1000,"
                + "\"temperature\":0.3,\"reasoning_effort\":\"" + effort + "\"}";
        return AnthropicWire.body(AnthropicCalls.to(upstreamModel, chat));
    }

    @Test
    void anAdaptiveModelIsAskedWithAnEffortAndNeverABudget() {
        JsonObject body = sent("claude-opus-4-6", "high");
        assertThat(body.getJsonObject("thinking")).isEqualTo(JsonCodec.read("{\"type\":\"adaptive\"}"));
        assertThat(body.getJsonObject("output_config").getString("effort")).isEqualTo("high");
        assertThat(body.getInt("max_tokens")).isEqualTo(1000 + 16384);
        assertThat(body).doesNotContainKey("temperature");
    }

    @Test
    void aModelWithoutThinkingIsAskedWithoutItAndKeepsItsSampling() {
        JsonObject body = sent("claude-3-5-haiku-20241022", "high");
        assertThat(body).doesNotContainKey("thinking").doesNotContainKey("output_config");
        assertThat(body.getInt("max_tokens")).isEqualTo(1000);
        assertThat(body.getJsonNumber("temperature").doubleValue()).isEqualTo(0.3);
    }

    @Test
    void aBudgetModelKeepsItsBudget() {
        JsonObject body = sent("claude-sonnet-4-5", "low");
        assertThat(body.getJsonObject("thinking").getInt("budget_tokens")).isEqualTo(1024);
        assertThat(body).doesNotContainKey("output_config");
    }
}
