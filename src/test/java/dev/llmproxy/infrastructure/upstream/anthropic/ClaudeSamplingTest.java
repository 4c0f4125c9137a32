package dev.llmproxy.infrastructure.upstream.anthropic;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The sampling options each Claude takes, read off its version wherever it is bought. */
class ClaudeSamplingTest {

    private static JsonObject sent(String upstreamModel, String sampling) {
        String chat = "{\"model\":\"c\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]," + sampling + "}";
        return AnthropicWire.body(AnthropicCalls.to(upstreamModel, chat));
    }

    @Test
    void olderModelsTakeBoth() {
        JsonObject body = sent("claude-sonnet-4-20250514", "\"temperature\":0.2,\"top_p\":0.9");
        assertThat(body.getJsonNumber("temperature").doubleValue()).isEqualTo(0.2);
        assertThat(body.getJsonNumber("top_p").doubleValue()).isEqualTo(0.9);
    }

    @Test
    void opus41AndLaterTakeTheTemperatureAloneWhenBothAreSent() {
        for (String model : new String[] {"claude-opus-4-1", "claude-sonnet-4-5@20250929",
                "us.anthropic.claude-haiku-4-5-20251001-v1:0", "claude-opus-4-6", "my-own-claude"}) {
            JsonObject both = sent(model, "\"temperature\":0.2,\"top_p\":0.9");
            assertThat(both.getJsonNumber("temperature").doubleValue()).as(model).isEqualTo(0.2);
            assertThat(both).as(model).doesNotContainKey("top_p");
            assertThat(sent(model, "\"top_p\":0.9").getJsonNumber("top_p").doubleValue()).as(model).isEqualTo(0.9);
        }
    }

    @Test
    void opus47AndLaterTakeNeither() {
        JsonObject body = sent("claude-opus-4-7", "\"temperature\":0.2,\"top_p\":0.9");
        assertThat(body).doesNotContainKey("temperature").doesNotContainKey("top_p");
        assertThat(sent("claude-sonnet-5", "\"top_p\":0.9")).doesNotContainKey("top_p");
    }

    @Test
    void topKGoesToTheModelsThatTakeSamplingOptionsAndNeverBesideThinking() {
        assertThat(sent("claude-sonnet-4-5", "\"top_k\":5").getInt("top_k")).isEqualTo(5);
        assertThat(sent("claude-opus-4-7", "\"top_k\":5")).doesNotContainKey("top_k");
        assertThat(sent("claude-sonnet-4-5", "\"top_k\":5,\"reasoning_effort\":\"low\"")).containsKey("thinking")
                .doesNotContainKey("top_k");
    }
}
