package dev.llmproxy.it;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.helpers.MessageAccumulator;
import com.anthropic.models.messages.CacheControlEphemeral;
import com.anthropic.models.messages.CitationPageLocation;
import com.anthropic.models.messages.CitationsConfigParam;
import com.anthropic.models.messages.ContentBlock;
import com.anthropic.models.messages.ContentBlockParam;
import com.anthropic.models.messages.DocumentBlockParam;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.StopReason;
import com.anthropic.models.messages.TextBlock;
import com.anthropic.models.messages.TextBlockParam;
import com.anthropic.models.messages.ThinkingBlock;
import com.anthropic.models.messages.ToolResultBlockParam;
import com.anthropic.models.messages.ToolUseBlock;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.models.ReasoningEffort;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionMessageToolCall;
import com.openai.models.chat.completions.ChatCompletionToolMessageParam;
import dev.llmproxy.testing.FaultUpstream.Ending;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.RecordedBodies;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Claude through the {@code anthropic} kind, by the official OpenAI SDK: thinking as {@code reasoning_content}, tool
 * calls, cache tokens priced, streams, and Anthropic's own failures (529 overloaded, 429 with its wait, an
 * {@code overloaded_error} in the middle of a stream) routed around with the proxy's words, never Anthropic's.
 */
class AnthropicIT extends DeployedProxy {

    private static FaultUpstream fault;
    private static OpenAIClient client;

    private static String recorded(String name) {
        return RecordedBodies.body("anthropic", name);
    }

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        String base = "http://127.0.0.1:" + fault.port() + "/v1";
        fault.on("claude-tool", FaultUpstream.status(200, recorded("answer-thinking-tool.json")));
        fault.on("claude-text", FaultUpstream.status(200, recorded("answer-text.json")));
        fault.on("claude-cached", FaultUpstream.status(200, recorded("answer-cache-write.json")));
        fault.on("claude-tool-broken", fault.stream(0, 5, Ending.NO_DONE,
                RecordedBodies.events("anthropic", "stream-tool-overloaded.sse")));
        fault.on("claude-tool-stream", fault.stream(0, 5, Ending.NO_DONE,
                RecordedBodies.events("anthropic", "stream-thinking-tool.sse")));
        fault.on("claude-overloaded", FaultUpstream.status(529, recorded("error-529.json")));
        fault.on("claude-limited", FaultUpstream.status(429, Map.of("retry-after", "60"), recorded("error-429.json")));
        fault.on("claude-stream", fault.stream(0, 5, Ending.NO_DONE, RecordedBodies.events("anthropic", "stream-text.sse")));
        fault.on("claude-cite", fault.stream(0, 5, Ending.NO_DONE,
                RecordedBodies.events("anthropic", "stream-citations.sse")));
        fault.on("claude-mid", fault.stream(0, 5, Ending.NO_DONE,
                RecordedBodies.events("anthropic", "stream-mid-overloaded.sse")));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl()).withoutBreakers()
                .setting("backoffInitialMs", 10).setting("backoffMaxMs", 20)
                .anthropicModel("c-tool", "claude-tool", base, false)
                .anthropicModel("c-text", "claude-text", base, true)
                .anthropicCachingModel("c-cached", "claude-cached", base)
                .anthropicModel("c-tool-broken", "claude-tool-broken", base, true)
                .anthropicModel("c-tool-stream", "claude-tool-stream", base, true)
                .anthropicModel("c-overloaded", "claude-overloaded", base, false)
                .anthropicModel("c-limited", "claude-limited", base, false)
                .anthropicModel("c-stream", "claude-stream", base, true)
                .anthropicModel("c-mid", "claude-mid", base, false)
                .anthropicModel("c-cite", "claude-cite", base, true)
                .tier("c-tools", "c-tool")
                .tier("c-caching", "c-cached")
                .tier("c-tool-loop", "c-tool-broken", "c-tool-stream")
                .tier("c-tool-streamed", "c-tool-stream")
                .tier("c-busy", "c-overloaded", "c-text")
                .tier("c-quota", "c-limited", "c-text")
                .tier("c-streamed", "c-stream")
                .tier("c-broken", "c-mid", "c-stream")
                .tier("c-cited", "c-cite")
                .build());
        client = OpenAIOkHttpClient.builder().baseUrl(ProxyClient.BASE + "/v1").apiKey("not-needed").maxRetries(0).build();
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    private static ChatCompletionCreateParams.Builder ask(String tier) {
        return ChatCompletionCreateParams.builder().model(tier).addSystemMessage("Be brief.")
                .addUserMessage("Weather in Paris?").reasoningEffort(ReasoningEffort.LOW);
    }

    @Test
    void thinkingIsReasoningContentTheToolCallIsWholeAndCachedTokensArePriced() {
        ChatCompletion c = client.chat().completions().create(ask("c-tools").build());
        var message = c.choices().get(0).message();
        assertThat(message.content()).contains("Let me look that up.");
        assertThat(message._additionalProperties().get("reasoning_content").toString()).contains("weather in Paris");
        ChatCompletionMessageToolCall call = message.toolCalls().orElseThrow().get(0);
        assertThat(call.asFunction().function().name()).isEqualTo("get_weather");
        assertThat(call.asFunction().function().arguments()).contains("Paris");
        assertThat(c.choices().get(0).finishReason()).isEqualTo(ChatCompletion.Choice.FinishReason.TOOL_CALLS);
        assertThat(c.usage().orElseThrow().promptTokensDetails().orElseThrow().cachedTokens()).contains(1800L);
        JsonObject sent = Json.createReader(new StringReader(fault.lastBody("claude-tool"))).readObject();
        assertThat(sent.getString("system")).isEqualTo("Be brief.");
        assertThat(sent.getJsonObject("thinking").getInt("budget_tokens")).isEqualTo(1024);
        assertThat(fault.lastTarget("claude-tool")).isEqualTo("/v1/messages");
        assertThat(fault.lastHeaders("claude-tool")).containsEntry("anthropic-version", "2023-06-01")
                .containsEntry("x-api-key", "it-upstream-key");
    }

    @Test
    void overloadedIsRetriedThenRoutedAroundAndA429CoolsTheModelDown() {
        int before = fault.calls("claude-overloaded");
        ChatCompletion c = client.chat().completions().create(ask("c-busy").build());
        assertThat(c.model()).isEqualTo("claude-haiku-4-5-20251001");
        assertThat(fault.calls("claude-overloaded") - before).isGreaterThanOrEqualTo(2); // retried, as a 503 is
        client.chat().completions().create(ask("c-quota").build());
        int limited = fault.calls("claude-limited");
        client.chat().completions().create(ask("c-quota").build());
        assertThat(fault.calls("claude-limited")).isEqualTo(limited); // cooling down for its retry-after
    }

    @Test
    void aStreamIsRelayedAndOneBrokenByOverloadedEndsInTheProxysWords() throws Exception {
        StringBuilder text = new StringBuilder();
        try (StreamResponse<ChatCompletionChunk> s = client.chat().completions().createStreaming(
                ChatCompletionCreateParams.builder().model("c-streamed").addUserMessage("Hi").build())) {
            s.stream().forEach(chunk -> chunk.choices().forEach(ch -> ch.delta().content().ifPresent(text::append)));
        }
        assertThat(text.toString()).isEqualTo("Hello!");
        Streamed broken = Streamed.call(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), "c-broken",
                false);
        assertThat(broken.text()).startsWith("The first half");
        assertThat(String.join("\n", broken.data())).doesNotContain("Overloaded");
        // continued by a model that takes a prefill: the partial answer, no thinking (Anthropic refuses both at once)
        JsonObject continuation = Json.createReader(new StringReader(fault.lastBody("claude-stream"))).readObject();
        var turns = continuation.getJsonArray("messages");
        assertThat(turns.getJsonObject(turns.size() - 1).getString("role")).isEqualTo("assistant");
        assertThat(continuation).doesNotContainKey("thinking");
        assertThat(broken.text()).isEqualTo("The first halfHello!");
        assertThat(broken.done()).isTrue();
        assertThat(Duration.ofMillis(broken.millis())).isLessThan(Duration.ofSeconds(30));
    }

    @Test
    void aCachingModelMarksItsPromptAndItsCacheWritesArePricedApart() {
        var r = new ProxyClient().post("/v1/chat/completions", "{\"model\":\"c-caching\",\"messages\":["
                + "{\"role\":\"system\",\"content\":\"You read contracts.\"},{\"role\":\"user\",\"content\":\"Renewal?\"}]}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).contains("\"cache_write_tokens\":2048");
        JsonObject sent = Json.createReader(new StringReader(fault.lastBody("claude-cached"))).readObject();
        assertThat(sent.getJsonArray("system").getJsonObject(0).getJsonObject("cache_control").getString("type"))
                .isEqualTo("ephemeral");
        JsonObject row = new ProxyClient().awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(20));
        // 14 fresh x 3 + 2048 written x 3.75 + 12 out x 15, per million
        assertThat(row.getJsonNumber("costUsd").bigDecimalValue()).isEqualByComparingTo("0.007902");
    }

    @Test
    void aNamelessFunctionOrSchemaIsRefusedByNameBeforeClaudeIsAsked() {
        int calls = fault.calls("claude-text");
        String hi = "{\"model\":\"c-text\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],";
        HttpResponse<String> tool = new ProxyClient().post("/v1/chat/completions",
                hi + "\"tools\":[{\"type\":\"function\",\"function\":{}}]}");
        HttpResponse<String> format = new ProxyClient().post("/v1/chat/completions",
                hi + "\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"schema\":{}}}}");
        assertThat(tool.statusCode()).isEqualTo(400);
        assertThat(tool.body()).contains("\"param\":\"tools[0].function.name\"");
        assertThat(format.statusCode()).isEqualTo(400);
        assertThat(format.body()).contains("\"param\":\"response_format.json_schema\"");
        assertThat(fault.calls("claude-text")).isEqualTo(calls);
    }

    @Test
    void aMessagesCallersTopKReachesClaude() {
        AnthropicClient anthropic = AnthropicOkHttpClient.builder().baseUrl(ProxyClient.BASE).apiKey("not-needed")
                .maxRetries(0).build();
        // the SDK has no builder method for it any more; callers of older ones, and of the HTTP API, still send it
        anthropic.messages().create(MessageCreateParams.builder().model("c-caching").maxTokens(64)
                .putAdditionalBodyProperty("top_k", com.anthropic.core.JsonValue.from(5))
                .addUserMessage("Renewal?").build());
        JsonObject sent = Json.createReader(new StringReader(fault.lastBody("claude-cached"))).readObject();
        assertThat(sent.getInt("top_k")).isEqualTo(5);
    }

    /** A lease as a PDF, with its title and citations asked, and the question; what chat's form has no place for. */
    static MessageCreateParams lease(String tier) {
        return MessageCreateParams.builder().model(tier).maxTokens(64).addUserMessageOfContentBlockParams(List.of(
                ContentBlockParam.ofDocument(DocumentBlockParam.builder().base64Source("JVBERi0xLjQK").title("Lease")
                        .citations(CitationsConfigParam.builder().enabled(true).build()).build()),
                ContentBlockParam.ofText(TextBlockParam.builder().text("When does the lease end?").build()))).build();
    }

    @Test
    void aMessagesCallersDocumentReachesClaudeAsTheSdkWroteIt() {
        AnthropicClient anthropic = AnthropicOkHttpClient.builder().baseUrl(ProxyClient.BASE).apiKey("not-needed")
                .maxRetries(0).build();
        anthropic.messages().create(lease("c-caching"));
        JsonObject sent = Json.createReader(new StringReader(fault.lastBody("claude-cached"))).readObject();
        JsonObject document = sent.getJsonArray("messages").getJsonObject(0).getJsonArray("content").getJsonObject(0);
        assertThat(document.getString("type")).isEqualTo("document");
        assertThat(document.getString("title")).isEqualTo("Lease");
        assertThat(document.getJsonObject("citations").getBoolean("enabled")).isTrue();
        assertThat(document.getJsonObject("source").getString("data")).isEqualTo("JVBERi0xLjQK");
    }

    @Test
    void theSdkHandsTheToolCallBackAndClaudeGetsItsSignedThinkingFirstInTheTurn() {
        ChatCompletion first = client.chat().completions().create(ask("c-tools").build());
        var message = first.choices().get(0).message();
        String id = message.toolCalls().orElseThrow().get(0).asFunction().id();
        client.chat().completions().create(ask("c-tools").addMessage(message.toParam())
                .addMessage(ChatCompletionToolMessageParam.builder().toolCallId(id).content("18C, sunny").build())
                .build());
        JsonObject sent = Json.createReader(new StringReader(fault.lastBody("claude-tool"))).readObject();
        assertThat(sent.getJsonObject("thinking").getInt("budget_tokens")).isEqualTo(1024); // thinking stays on
        var turn = sent.getJsonArray("messages").getJsonObject(1);
        assertThat(turn.getString("role")).isEqualTo("assistant");
        assertThat(turn.getJsonArray("content").getJsonObject(0).getString("signature"))
                .isEqualTo("EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds");
        assertThat(sent.getJsonArray("messages").getJsonObject(2).getJsonArray("content").getJsonObject(0)
                .getString("tool_use_id")).isEqualTo("toolu_01A09q90qw90lq917835lq9");
    }

    @Test
    void aMessagesCallerAnsweredByClaudeGetsTheSignedThinkingAndHandsItBackThroughTheToolLoop() {
        AnthropicClient anthropic = AnthropicOkHttpClient.builder().baseUrl(ProxyClient.BASE).apiKey("not-needed")
                .maxRetries(0).build();
        MessageCreateParams.Builder params = MessageCreateParams.builder().model("c-tools").maxTokens(2048)
                .enabledThinking(1024).addUserMessage("Weather in Paris?");
        Message m = anthropic.messages().create(params.build());
        ThinkingBlock thinking = m.content().get(0).thinking().orElseThrow();
        assertThat(thinking.signature()).isEqualTo("EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds");
        ToolUseBlock use = m.content().stream().map(ContentBlock::toolUse).flatMap(java.util.Optional::stream)
                .findFirst().orElseThrow();
        assertThat(use.id()).isEqualTo("toolu_01A09q90qw90lq917835lq9"); // Claude's own id, as Anthropic gives it
        // Claude's message as Claude sent it: its id, and what the typed answer has no place for (the usage's tier)
        assertThat(m.id()).isEqualTo("msg_01XFDUDYJgAACzvnptvVoYEL");
        assertThat(m.usage().serviceTier().map(Object::toString)).hasValue("standard");

        anthropic.messages().create(params.addMessage(m).addUserMessageOfContentBlockParams(java.util.List.of(
                ContentBlockParam.ofToolResult(ToolResultBlockParam.builder().toolUseId(use.id()).content("18C")
                        .build()))).build());
        JsonObject sent = Json.createReader(new StringReader(fault.lastBody("claude-tool"))).readObject();
        assertThat(sent).containsKey("thinking");
        var turn = sent.getJsonArray("messages").getJsonObject(1).getJsonArray("content");
        assertThat(turn.getJsonObject(0).getString("signature")).isEqualTo(thinking.signature());
        assertThat(turn.getJsonObject(0).getString("thinking")).isEqualTo(thinking.thinking());
        assertThat(sent.getJsonArray("messages").getJsonObject(2).getJsonArray("content").getJsonObject(0)
                .getString("tool_use_id")).isEqualTo(use.id());
    }

    @Test
    void aStreamedToolCallBrokenByOverloadedIsNeverSplicedAndThinkingStreamsAsReasoningContent() {
        StreamedToolCall streamed = StreamedToolCall.of(client, ask("c-tool-loop").build());
        // the broken call was held back, never spliced: one whole call, from the model that finished
        assertThat(streamed.ids()).singleElement().satisfies(id -> assertThat(id).startsWith("toolu_01T1x1fJ34qAmk2tNTrN7Up6"));
        assertThat(Json.createReader(new StringReader(streamed.arguments())).readObject().getString("city"))
                .isEqualTo("San Francisco");
        assertThat(streamed.reasoning()).contains("I need the weather tool.");
        assertThat(fault.calls("claude-tool-broken")).isPositive();
    }

    @Test
    void aStreamingMessagesCallerGetsEveryThinkingBlockSignedAndItsCacheMarksReachClaude() {
        AnthropicClient anthropic = AnthropicOkHttpClient.builder().baseUrl(ProxyClient.BASE).apiKey("not-needed")
                .maxRetries(0).build();
        CacheControlEphemeral mark = CacheControlEphemeral.builder().build();
        MessageCreateParams.Builder params = MessageCreateParams.builder().model("c-tool-streamed").maxTokens(2048)
                .enabledThinking(1024).systemOfTextBlockParams(java.util.List.of(
                        TextBlockParam.builder().text("Be brief.").cacheControl(mark)
                                .build())).addUserMessage("Weather in San Francisco?");
        MessageAccumulator acc = MessageAccumulator.create();
        try (var stream = anthropic.messages().createStreaming(params.build())) {
            stream.stream().forEach(acc::accumulate);
        }
        Message m = acc.message();
        // Claude's thinking, then text, then the call: the thinking is signed though text came between
        ThinkingBlock thinking = m.content().get(0).thinking().orElseThrow();
        assertThat(thinking.signature()).isEqualTo("EqQBCgIYAhIM1gbcDa9GJwZA2b3h");
        assertThat(m.content().get(1).text().orElseThrow().text()).isEqualTo("Okay, let's check the weather.");
        ToolUseBlock use = m.content().get(2).toolUse().orElseThrow();
        assertThat(use.id()).isEqualTo("toolu_01T1x1fJ34qAmk2tNTrN7Up6");

        try (var next = anthropic.messages().createStreaming(params.addMessage(m).addUserMessageOfContentBlockParams(
                java.util.List.of(ContentBlockParam.ofToolResult(ToolResultBlockParam.builder().toolUseId(use.id())
                        .content("18C").cacheControl(mark).build()))).build())) {
            next.stream().forEach(e -> { });
        }
        JsonObject sent = Json.createReader(new StringReader(fault.lastBody("claude-tool-stream"))).readObject();
        assertThat(sent).containsKey("thinking");
        assertThat(sent.getJsonArray("system").getJsonObject(0).getJsonObject("cache_control").getString("type"))
                .isEqualTo("ephemeral");
        var turn = sent.getJsonArray("messages").getJsonObject(1).getJsonArray("content");
        assertThat(turn.getJsonObject(0).getString("signature")).isEqualTo(thinking.signature());
        assertThat(turn.getJsonObject(1).getString("text")).isEqualTo("Okay, let's check the weather.");
        assertThat(turn.getJsonObject(2).getString("id")).isEqualTo(use.id());
        JsonObject result = sent.getJsonArray("messages").getJsonObject(2).getJsonArray("content").getJsonObject(0);
        assertThat(result.getString("tool_use_id")).isEqualTo(use.id());
        assertThat(result.getJsonObject("cache_control").getString("type")).isEqualTo("ephemeral");
    }

    @Test
    void aStreamingMessagesCallerGetsClaudesCitationsAsClaudeStreamedThem() {
        AnthropicClient anthropic = AnthropicOkHttpClient.builder().baseUrl(ProxyClient.BASE).apiKey("not-needed")
                .maxRetries(0).build();
        MessageAccumulator acc = MessageAccumulator.create();
        try (var stream = anthropic.messages().createStreaming(lease("c-cited"))) {
            stream.stream().forEach(acc::accumulate);
        }
        Message m = acc.message();
        assertThat(m.content()).hasSize(3).allSatisfy(b -> assertThat(b.isText()).isTrue());
        TextBlock cited = m.content().get(1).text().orElseThrow();
        assertThat(cited.text()).isEqualTo("it ends on 31 March");
        assertThat(cited.citations().orElseThrow()).singleElement().satisfies(c -> {
            CitationPageLocation page = c.asPageLocation();
            assertThat(page.citedText()).isEqualTo("The term ends on 31 March 2027.");
            assertThat(page.startPageNumber()).isEqualTo(2L);
        });
        assertThat(m.stopReason()).contains(StopReason.END_TURN);
        // a chat caller of the same model reads the text, as before
        StringBuilder text = new StringBuilder();
        try (StreamResponse<ChatCompletionChunk> s = client.chat().completions().createStreaming(
                ChatCompletionCreateParams.builder().model("c-cited").addUserMessage("When?").build())) {
            s.stream().forEach(chunk -> chunk.choices().forEach(ch -> ch.delta().content().ifPresent(text::append)));
        }
        assertThat(text).hasToString("According to the lease, it ends on 31 March.");
    }
}
