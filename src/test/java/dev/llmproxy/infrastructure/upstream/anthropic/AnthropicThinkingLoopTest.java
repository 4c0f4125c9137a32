package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.proxy.ChatAnswers;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.testing.RecordedBodies;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Claude's signed thinking goes out with the first tool call and comes back first in the turn that made the calls. */
class CarriedThinkingTest {

    private static final AllowedModel SONNET = AllowedModel.of("c", "anthropic", "claude-sonnet-4-5");

    private static UpstreamCall call(String chat) {
        return new UpstreamCall("req-1", AnthropicCalls.ANTHROPIC, SONNET, chat.getBytes(StandardCharsets.UTF_8),
                Duration.ofSeconds(5));
    }

    @Test
    void aToolLoopKeepsThinkingWithTheSignedBlockFirstAndAnthropicsOwnIds() {
        UpstreamReply.Completed answer = (UpstreamReply.Completed) new AnthropicWire(Clock.systemUTC()).answer(
                call("{}"), RecordedBodies.body("anthropic", "answer-thinking-tool.json").getBytes(StandardCharsets.UTF_8));
        JsonObject assistant = ((JsonObject) JsonCodec.read(ChatAnswers.body(answer))).getJsonArray("choices").getJsonObject(0)
                .getJsonObject("message");
        String id = assistant.getJsonArray("tool_calls").getJsonObject(0).getString("id");
        assertThat(id).startsWith("toolu_01A09q90qw90lq917835lq9__thinking__");

        // the caller hands the assistant message back as it came, with the tool's result
        String followUp = "{\"model\":\"c\",\"reasoning_effort\":\"low\",\"messages\":[{\"role\":\"user\",\"content\":"
                + "\"Weather in Paris?\"}," + assistant + ",{\"role\":\"tool\",\"tool_call_id\":\"" + id
                + "\",\"content\":\"18C, sunny\"}]}";
        JsonObject sent = AnthropicWire.body(call(followUp));
        assertThat(sent.getJsonObject("thinking").getInt("budget_tokens")).isEqualTo(1024);
        JsonArray turn = sent.getJsonArray("messages").getJsonObject(1).getJsonArray("content");
        assertThat(turn.getJsonObject(0)).isEqualTo(JsonCodec.read("{\"type\":\"thinking\",\"thinking\":\"The user "
                + "wants the weather in Paris. I should call the tool.\",\"signature\":"
                + "\"EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds\"}"));
        assertThat(turn.getJsonObject(2).getString("id")).isEqualTo("toolu_01A09q90qw90lq917835lq9");
        assertThat(sent.getJsonArray("messages").getJsonObject(2).getJsonArray("content").getJsonObject(0)
                .getString("tool_use_id")).isEqualTo("toolu_01A09q90qw90lq917835lq9");

        // asked without thinking (a forced tool), the carried thinking stays behind
        JsonObject forced = AnthropicWire.body(call(followUp.replace("\"reasoning_effort\":\"low\",", "")));
        assertThat(forced).doesNotContainKey("thinking");
        assertThat(forced.getJsonArray("messages").getJsonObject(1).getJsonArray("content").getJsonObject(0)
                .getString("type")).isEqualTo("text");
    }

    @Test
    void anIdThatCarriesNothingReadableCarriesNothing() {
        assertThat(CarriedThinking.carried("toolu_1")).isEmpty();
        assertThat(CarriedThinking.carried("toolu_1__thinking__not*base64")).isEmpty();
        assertThat(CarriedThinking.carried("toolu_1__thinking__eJwLycgsVgCi4vzcVIWS1OISAC6sBVs")).isEmpty();
        // blocks that are not signed thinking are never handed to Anthropic as if they were
        String forged = CarriedThinking.carry("toolu_1", (JsonArray) JsonCodec.read("[{\"type\":\"text\",\"text\":\"x\"}]"));
        assertThat(CarriedThinking.carried(forged)).isEmpty();
        assertThat(CarriedThinking.bare(forged)).isEqualTo("toolu_1");
        assertThat(CarriedThinking.carry("toolu_1", jakarta.json.JsonValue.EMPTY_JSON_ARRAY)).isEqualTo("toolu_1");
    }
}
