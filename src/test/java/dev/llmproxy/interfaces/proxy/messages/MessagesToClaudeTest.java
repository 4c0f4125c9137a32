package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.infrastructure.upstream.anthropic.AnthropicWire;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Same dialect at both ends: a Messages request answered by a Claude model reaches Anthropic with what the caller
 * wrote (system blocks, tools, turns, block order, signed thinking, cache marks), though it passes through the chat
 * form every request takes inside the proxy.
 */
class MessagesToClaudeTest {

    /** A coding agent's third turn: its system prompt and tools marked for the cache, a tool loop under way. */
    private static final String REQUEST = """
            {"model":"claude","max_tokens":8192,"stream":true,
             "system":[{"type":"text","text":"You are a coding agent."},
                       {"type":"text","text":"Project rules: tabs, not spaces.","cache_control":{"type":"ephemeral"}}],
             "tools":[{"name":"read","description":"Reads a file",
                       "input_schema":{"type":"object","properties":{"path":{"type":"string"}}}},
                      {"name":"edit","input_schema":{"type":"object"},"cache_control":{"type":"ephemeral","ttl":"1h"}}],
             "messages":[
              {"role":"user","content":[{"type":"text","text":"Fix the bug in a.js"},
                {"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}]},
              {"role":"assistant","content":[
                {"type":"thinking","thinking":"I should read the file first.","signature":"EqQBCkYIBxgCKkA="},
                {"type":"redacted_thinking","data":"EmwKAhgBEgy3va3pzix="},
                {"type":"text","text":"Let me read it."},
                {"type":"tool_use","id":"toolu_01A","name":"read","input":{"path":"a.js"}},
                {"type":"tool_use","id":"toolu_01B","name":"read","input":{"path":"b.js"}}]},
              {"role":"user","content":[
                {"type":"tool_result","tool_use_id":"toolu_01A","content":"let a = 1"},
                {"type":"tool_result","tool_use_id":"toolu_01B","content":"let b = 2","cache_control":{"type":"ephemeral"}},
                {"type":"text","text":"Keep it short."}]}],
             "thinking":{"type":"enabled","budget_tokens":2048}}
            """;

    private static JsonObject sent(String request, AllowedModel model) {
        ChatRequest read = MessagesRequests.read(request.getBytes(StandardCharsets.UTF_8));
        return AnthropicWire.body(read.body(), read.sampling(), model, true);
    }

    private static AllowedModel claude(boolean caching) {
        return new AllowedModel("claude", "anthropic", "claude-sonnet-4-5", "claude", true, false, null, null, false,
                new BigDecimal("3"), new BigDecimal("15"), null, null, null, new BigDecimal("0.3"), null,
                new BigDecimal("3.75"), caching);
    }

    @Test
    void theConversationSystemAndToolsArriveAsTheCallerWroteThem() {
        JsonObject in = (JsonObject) JsonCodec.read(REQUEST);
        JsonObject out = sent(REQUEST, claude(false));

        assertThat(out.get("system")).isEqualTo(in.get("system"));
        assertThat(out.get("tools")).isEqualTo(in.get("tools"));
        assertThat(out.get("messages")).isEqualTo(in.get("messages"));
        assertThat(out.getString("model")).isEqualTo("claude-sonnet-4-5");
        assertThat(out.getJsonObject("thinking").getString("type")).isEqualTo("enabled");
    }

    @Test
    void theThinkingBudgetAndTheOutputAllowanceArriveAsAsked() {
        JsonObject out = sent(REQUEST, claude(false));

        assertThat(out.getJsonObject("thinking")).isEqualTo(JsonCodec.read("{\"type\":\"enabled\",\"budget_tokens\":2048}"));
        assertThat(out.getInt("max_tokens")).isEqualTo(8192); // Anthropic's allowance already holds the thinking
    }

    @Test
    void adaptiveThinkingArrivesAsAskedWithItsEffortOrWithout() {
        String adaptive = "{\"model\":\"claude\",\"max_tokens\":9000,\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
                + "\"thinking\":{\"type\":\"adaptive\"}";
        AllowedModel opus = model("claude-opus-4-6");

        JsonObject plain = sent(adaptive + "}", opus);
        JsonObject max = sent(adaptive + ",\"output_config\":{\"effort\":\"max\"}}", opus);

        assertThat(plain.getJsonObject("thinking")).isEqualTo(JsonCodec.read("{\"type\":\"adaptive\"}"));
        assertThat(plain.containsKey("output_config")).isFalse(); // Anthropic's default effort, not one the proxy picks
        assertThat(plain.getInt("max_tokens")).isEqualTo(9000);
        assertThat(max.getJsonObject("output_config")).isEqualTo(JsonCodec.read("{\"effort\":\"max\"}"));
        assertThat(max.getInt("max_tokens")).isEqualTo(9000);
    }

    @Test
    void aBudgetIsTranslatedOnlyForAModelThatTakesNone() {
        String budget = "{\"model\":\"claude\",\"max_tokens\":9000,\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
                + "\"thinking\":{\"type\":\"enabled\",\"budget_tokens\":6000}}";

        JsonObject adaptiveOnly = sent(budget, model("claude-opus-4-7"));
        JsonObject noThinking = sent(budget, model("claude-3-5-haiku-20241022"));

        assertThat(adaptiveOnly.getJsonObject("thinking").getString("type")).isEqualTo("adaptive");
        assertThat(adaptiveOnly.getJsonObject("output_config").getString("effort")).isEqualTo("medium");
        assertThat(noThinking.containsKey("thinking")).isFalse();
    }

    @Test
    void anAdaptiveRequestToABudgetModelGetsTheBudgetOfItsEffort() {
        String adaptive = "{\"model\":\"claude\",\"max_tokens\":30000,\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
                + "\"thinking\":{\"type\":\"adaptive\"},\"output_config\":{\"effort\":\"high\"}}";

        JsonObject out = sent(adaptive, claude(false));

        assertThat(out.getJsonObject("thinking")).isEqualTo(JsonCodec.read("{\"type\":\"enabled\",\"budget_tokens\":16384}"));
        assertThat(out.getInt("max_tokens")).isEqualTo(30000);
    }

    private static AllowedModel model(String upstream) {
        return new AllowedModel("claude", "anthropic", upstream, "claude", true, false, null, null, false,
                new BigDecimal("3"), new BigDecimal("15"), null, null, null, null, null, null, false);
    }

    @Test
    void aCallerThatMarksItsOwnBreakpointsGetsNoneOfTheModels() {
        JsonObject out = sent(REQUEST, claude(true));

        // Anthropic takes at most four: the caller's three are sent, the model's own two are not added
        assertThat(Pattern.compile("cache_control").matcher(out.toString()).results().count()).isEqualTo(3);
        assertThat(out.get("system")).isEqualTo(((JsonObject) JsonCodec.read(REQUEST)).get("system"));
    }

    @Test
    void aMarkInsideAToolResultGoesOnTheResultWhereAnthropicTakesIt() {
        String request = """
                {"model":"claude","max_tokens":100,"messages":[
                 {"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"read","input":{}}]},
                 {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1",
                   "content":[{"type":"text","text":"a"},{"type":"text","text":"b","cache_control":{"type":"ephemeral"}}]}]}]}
                """;
        JsonObject result = sent(request, claude(false)).getJsonArray("messages").getJsonObject(1)
                .getJsonArray("content").getJsonObject(0);

        assertThat(result).isEqualTo(JsonCodec.read("{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_1\","
                + "\"content\":\"ab\",\"cache_control\":{\"type\":\"ephemeral\"}}"));
    }

    @Test
    void aMarkedAssistantTextAndToolCallKeepTheirMarks() {
        String request = """
                {"model":"claude","max_tokens":100,"messages":[
                 {"role":"user","content":"Hi"},
                 {"role":"assistant","content":[{"type":"text","text":"One."},
                   {"type":"text","text":"Two.","cache_control":{"type":"ephemeral"}},
                   {"type":"tool_use","id":"toolu_1","name":"read","input":{"p":1},"cache_control":{"type":"ephemeral"}}]},
                 {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"x"}]}]}
                """;
        JsonObject in = (JsonObject) JsonCodec.read(request);

        assertThat(sent(request, claude(false)).getJsonArray("messages").get(1))
                .isEqualTo(in.getJsonArray("messages").get(1));
    }
}
