package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatJson;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.streaming.StreamLimits;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.infrastructure.upstream.anthropic.AnthropicWire;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Same dialect at both ends: a Messages request answered by a Claude model reaches Anthropic as the caller wrote it
 * (system blocks, tools, turns, block order, signed thinking, cache marks, documents), with only what the proxy
 * decides changed; the chat form it also takes, for the chain's other models, carries what they can read.
 */
class MessagesToClaudeTest {

    private static final Provider ANTHROPIC = new Provider("anthropic", ProviderKind.ANTHROPIC,
            URI.create("http://127.0.0.1:1/v1"), "ANTHROPIC_API_KEY");

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

    /** What Anthropic gets: the request as the caller wrote it, beside its chat form, as the proxy hands it. */
    private static JsonObject sent(String request, AllowedModel model) {
        ChatRequest read = MessagesRequests.read(request.getBytes(StandardCharsets.UTF_8));
        return AnthropicWire.body(new UpstreamCall("req-1", ANTHROPIC, model, ChatJson.from(read),
                Duration.ofSeconds(5), (event, valve) -> { }, new StreamLimits(Duration.ofSeconds(5),
                Duration.ofSeconds(5)), false, null, null));
    }

    /** What a Claude model gets from the chat form alone: a continuation's, or Bedrock's, whose words differ. */
    private static JsonObject bridged(String request, AllowedModel model) {
        ChatRequest read = MessagesRequests.read(request.getBytes(StandardCharsets.UTF_8));
        return AnthropicWire.body(ChatJson.from(read).asChat(read.body()), model, true);
    }

    /** Block {@code at} of turn {@code turn} of what Anthropic gets. */
    private static JsonObject block(JsonObject sent, int turn, int at) {
        return sent.getJsonArray("messages").getJsonObject(turn).getJsonArray("content").getJsonObject(at);
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
    void aMarkInsideAToolResultStaysAsWrittenAndOnTheBridgeGoesOnTheResult() {
        String request = """
                {"model":"claude","max_tokens":100,"messages":[
                 {"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"read","input":{}}]},
                 {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1",
                   "content":[{"type":"text","text":"a"},{"type":"text","text":"b","cache_control":{"type":"ephemeral"}}]}]}]}
                """;
        JsonObject in = (JsonObject) JsonCodec.read(request);
        JsonObject result = block(bridged(request, claude(false)), 1, 0);

        assertThat(sent(request, claude(false)).get("messages")).isEqualTo(in.get("messages"));
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

    /** Blocks chat's form has no place for: a PDF with its title and citations, a text, a tool's image, its error. */
    private static final String DOCUMENTS = """
            {"model":"claude","max_tokens":1000,"messages":[
             {"role":"user","content":[
              {"type":"document","source":{"type":"base64","media_type":"application/pdf","data":"JVBERi0xLjQK"},
               "title":"Lease","context":"Signed 2024","citations":{"enabled":true},
               "cache_control":{"type":"ephemeral"}},
              {"type":"document","source":{"type":"text","media_type":"text/plain","data":"Rent: 900 EUR."}},
              {"type":"text","text":"When does the lease end?"}]},
             {"role":"assistant","content":[{"type":"tool_use","id":"toolu_9","name":"scan","input":{"page":2}}]},
             {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_9","is_error":true,"content":[
              {"type":"text","text":"Blurred page"},
              {"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}]}]}]}
            """;

    @Test
    void documentsAToolsImageAndItsErrorFlagReachClaudeAsWritten() {
        JsonObject in = (JsonObject) JsonCodec.read(DOCUMENTS);

        assertThat(sent(DOCUMENTS, claude(false)).get("messages")).isEqualTo(in.get("messages"));
    }

    @Test
    void forOtherModelsTheChatFormHoldsTheDocumentsAndTheToolsImageAfterItsResult() {
        JsonArray chat = MessagesRequests.read(DOCUMENTS.getBytes(StandardCharsets.UTF_8)).body()
                .getJsonArray("messages");

        assertThat(chat.getJsonObject(0).getJsonArray("content")).isEqualTo(JsonCodec.read("""
                [{"type":"file","file":{"filename":"Lease","file_data":"data:application/pdf;base64,JVBERi0xLjQK"},
                  "cache_control":{"type":"ephemeral"}},
                 {"type":"text","text":"Rent: 900 EUR."},{"type":"text","text":"When does the lease end?"}]"""));
        assertThat(chat.getJsonObject(2)).isEqualTo(JsonCodec.read(
                "{\"role\":\"tool\",\"tool_call_id\":\"toolu_9\",\"content\":\"Error: Blurred page\"}"));
        assertThat(chat.getJsonObject(3)).isEqualTo(JsonCodec.read("{\"role\":\"user\",\"content\":[{\"type\":"
                + "\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,iVBORw0KGgo=\"}}]}"));
        // and a Claude model reached through the chat form still reads the PDF
        assertThat(block(bridged(DOCUMENTS, claude(false)), 0, 0)).isEqualTo(JsonCodec.read("""
                {"type":"document","source":{"type":"base64","media_type":"application/pdf","data":"JVBERi0xLjQK"},
                 "cache_control":{"type":"ephemeral"}}"""));
    }

    @Test
    void thoughtsGoBackAsWrittenOnlyWhenTheRequestThinksAndOnlySignedOnes() {
        String loop = """
                {"model":"claude","max_tokens":4000,"messages":[
                 {"role":"user","content":"Weather?"},
                 {"role":"assistant","content":[{"type":"thinking","thinking":"Another model's.","signature":""},
                  {"type":"thinking","thinking":"Mine.","signature":"EqQBCkYIBxgCKkA="},
                  {"type":"tool_use","id":"toolu_1","name":"w","input":{}}]},
                 {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"Sunny"}]}]
                """;

        JsonArray thinking = sent(loop + ",\"thinking\":{\"type\":\"enabled\",\"budget_tokens\":1024}}",
                claude(false)).getJsonArray("messages").getJsonObject(1).getJsonArray("content");
        JsonArray plain = sent(loop + "}", claude(false)).getJsonArray("messages").getJsonObject(1)
                .getJsonArray("content");

        assertThat(thinking).hasSize(2);
        assertThat(thinking.getJsonObject(0).getString("thinking")).isEqualTo("Mine.");
        assertThat(plain).hasSize(1);
        assertThat(plain.getJsonObject(0).getString("type")).isEqualTo("tool_use");
    }

    @Test
    void anotherProvidersToolIdIsWrittenInAnthropicsAlphabetAtBothEnds() {
        String request = """
                {"model":"claude","max_tokens":100,"messages":[
                 {"role":"assistant","content":[{"type":"tool_use","id":"call+a/b=","name":"read","input":{}}]},
                 {"role":"user","content":[{"type":"tool_result","tool_use_id":"call+a/b=","content":"x"}]}]}
                """;
        JsonArray turns = sent(request, claude(false)).getJsonArray("messages");

        String id = turns.getJsonObject(0).getJsonArray("content").getJsonObject(0).getString("id");
        assertThat(id).matches("[a-zA-Z0-9_-]+");
        assertThat(turns.getJsonObject(1).getJsonArray("content").getJsonObject(0).getString("tool_use_id"))
                .isEqualTo(id);
    }

    @Test
    void aFileUploadedToAnthropicABase64DocumentThatIsNoPdfOrOneOfNoContentIsRefusedByName() {
        String file = "{\"model\":\"c\",\"max_tokens\":9,\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":"
                + "\"document\",\"source\":{\"type\":\"file\",\"file_id\":\"file_01\"}}]}]}";
        String word = file.replace("{\"type\":\"file\",\"file_id\":\"file_01\"}",
                "{\"type\":\"base64\",\"media_type\":\"application/msword\",\"data\":\"AA==\"}");
        String empty = file.replace("{\"type\":\"file\",\"file_id\":\"file_01\"}",
                "{\"type\":\"content\",\"content\":[]}");

        assertThatThrownBy(() -> MessagesRequests.read(file.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ProxyException.class).hasMessageContaining("messages[0].content[0].source.type")
                .hasMessageContaining("uploaded to Anthropic");
        assertThatThrownBy(() -> MessagesRequests.read(word.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ProxyException.class).hasMessageContaining("must be a PDF");
        assertThatThrownBy(() -> MessagesRequests.read(empty.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ProxyException.class).hasMessageContaining("messages[0].content[0].source.content")
                .hasMessageContaining("at least one");
    }

    @Test
    void toolsGoAsWrittenWithTheirOwnFieldsAndACachingModelsMarkOnTheLast() {
        String request = """
                {"model":"claude","max_tokens":100,"messages":[{"role":"user","content":"Hi"}],
                 "tools":[{"name":"a","input_schema":{"type":"object"},"strict":true},
                          {"type":"custom","name":"b","input_schema":{"type":"object"},"input_examples":[{"x":1}]}],
                 "tool_choice":{"type":"any","disable_parallel_tool_use":true}}
                """;
        JsonObject in = (JsonObject) JsonCodec.read(request);
        JsonObject plain = sent(request, claude(false));
        JsonObject caching = sent(request, claude(true));

        assertThat(plain.get("tools")).isEqualTo(in.get("tools"));
        assertThat(plain.get("tool_choice")).isEqualTo(in.get("tool_choice"));
        assertThat(caching.getJsonArray("tools").getJsonObject(1)).isEqualTo(JsonCodec.object(in.getJsonArray("tools")
                .getJsonObject(1)).add("cache_control", JsonCodec.object().add("type", "ephemeral")).build());
        assertThat(caching.getJsonArray("tools").getJsonObject(0)).isEqualTo(in.getJsonArray("tools").getJsonObject(0));
    }
}
