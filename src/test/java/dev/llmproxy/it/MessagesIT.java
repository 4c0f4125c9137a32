package dev.llmproxy.it;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.errors.AnthropicServiceException;
import com.anthropic.helpers.MessageAccumulator;
import com.anthropic.models.messages.ContentBlock;
import com.anthropic.models.messages.ContentBlockParam;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.RawMessageStreamEvent;
import com.anthropic.models.messages.StopReason;
import com.anthropic.models.messages.Tool;
import com.anthropic.models.messages.ToolResultBlockParam;
import com.anthropic.models.messages.ToolUseBlock;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static dev.llmproxy.testing.OpenAiBodies.chunk;
import static dev.llmproxy.testing.OpenAiBodies.partialEvents;
import static dev.llmproxy.testing.OpenAiBodies.toolCallEvents;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Messages front door with the official Anthropic Java SDK, against fake upstreams that misbehave: the same
 * chains, fallbacks, continuations and honest ends as chat completions, said in Anthropic's shapes.
 */
class MessagesIT extends DeployedProxy {

    private static FaultUpstream fault;
    private static AnthropicClient client;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("msg-ok", FaultUpstream.ok());
        fault.on("msg-429", FaultUpstream.status(429));
        fault.on("msg-500", FaultUpstream.status(500));
        fault.on("msg-cut", fault.stream(0, 5, Ending.CUT, partialEvents("msg-cut", "The answer", " is")));
        fault.on("msg-cont", fault.stream(0, 5, Ending.DONE, answerEvents("msg-cont", " forty-two.")));
        fault.on("msg-slow", fault.stream(0, 6000, Ending.DONE, chunk("msg-slow", "Slowly", null),
                chunk("msg-slow", "", "stop")));
        fault.on("msg-tool", FaultUpstream.status(200, "{\"id\":\"c\",\"object\":\"chat.completion\",\"model\":"
                + "\"msg-tool\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null,"
                + "\"tool_calls\":[{\"id\":\"call_7\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                + "\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}],"
                + "\"usage\":{\"prompt_tokens\":20,\"completion_tokens\":9,\"total_tokens\":29}}"));
        fault.on("msg-tool-cut", fault.stream(0, 5, Ending.CUT, toolCallEvents("msg-tool-cut", "call_8", false,
                "{\"city\":")));
        fault.on("msg-tool-stream", fault.stream(0, 5, Ending.DONE, toolCallEvents("msg-tool-stream", "call_9", true,
                "{\"city\":", "\"Oslo\"}")));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl()).withoutBreakers()
                .setting("firstTokenTimeoutMs", 2000).setting("streamIdleTimeoutMs", 8000)
                .prefillModel("msg-cont")
                .tier("msg-plain", "msg-ok")
                .tier("msg-fallback", "msg-429", "msg-500", "msg-ok")
                .tier("msg-splice", "msg-cut", "msg-cont")
                .tier("msg-broken", "msg-cut")
                .tier("msg-tools", "msg-tool")
                .tier("msg-tool-broken", "msg-tool-cut", "msg-tool-stream")
                .tier("msg-down", "msg-500")
                .tier("msg-slow-tier", "msg-slow")
                .build());
        client = AnthropicOkHttpClient.builder().baseUrl(ProxyClient.BASE).apiKey("not-needed").maxRetries(0).build();
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    private static MessageCreateParams.Builder ask(String tier) {
        return MessageCreateParams.builder().model(tier).maxTokens(256).system("Be brief.")
                .putAdditionalBodyProperty("top_k", com.anthropic.core.JsonValue.from(5))
                .addUserMessage("What is the answer?");
    }

    @Test
    void aWholeAnswerInAnthropicsShape() {
        Message m = client.messages().create(ask("msg-plain").build());
        assertThat(m.content()).hasSize(1);
        assertThat(m.content().get(0).text().orElseThrow().text()).isEqualTo("answer from msg-ok");
        assertThat(m.stopReason()).hasValue(StopReason.END_TURN);
        assertThat(m.usage().inputTokens()).isEqualTo(11);
        assertThat(m.usage().outputTokens()).isEqualTo(7);
        assertThat(m.model().asString()).isEqualTo("msg-ok");
        String sent = fault.lastBody("msg-ok");
        assertThat(sent).contains("\"role\":\"system\"").contains("Be brief.").contains("\"max_tokens\":256");
        assertThat(sent).doesNotContain("top_k"); // an OpenAI-compatible server would refuse it
    }

    @Test
    void fallbackOverA429AndA500IsSaidInTheHeadersAndLoggedAsMessages() {
        HttpResponse<String> r = proxy.send("POST", "/v1/messages", "{\"model\":\"msg-fallback\",\"max_tokens\":64,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}", "x-api-key", "whatever",
                "anthropic-version", "2023-06-01");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("msg-ok");
        assertThat(r.headers().firstValue("X-Proxy-Fallback")).hasValue("true");
        assertThat(r.headers().firstValue("X-Proxy-Saw-429")).hasValue("true");
        String id = r.headers().firstValue("X-Request-Id").orElseThrow();
        assertThat(r.headers().firstValue("request-id")).hasValue(id);
        JsonObject body = json(r.body());
        assertThat(body.getString("type")).isEqualTo("message");
        assertThat(body.getString("id")).isEqualTo("msg_" + id.substring(4));
        JsonObject row = proxy.awaitLoggedRow(id, Duration.ofSeconds(10));
        assertThat(row.getString("frontDoor")).isEqualTo("messages");
        assertThat(row.getJsonArray("attempts")).hasSizeGreaterThanOrEqualTo(3);
    }

    @Test
    void aStreamSilentForSecondsIsKeptAliveWithPings() {
        HttpResponse<String> r = proxy.send("POST", "/v1/messages", "{\"model\":\"msg-slow-tier\",\"max_tokens\":64,"
                + "\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}", "x-api-key", "k");
        assertThat(r.statusCode()).isEqualTo(200);
        String body = r.body();
        assertThat(body.split("event: ping", -1).length - 1).as(body).isGreaterThanOrEqualTo(2);
        assertThat(body.indexOf("event: ping", body.indexOf("Slowly"))).as("a ping after the first text").isPositive();
        assertThat(body).contains("event: message_stop");
    }

    @Test
    void aStreamSplicedAcrossModelsIsOneMessage() {
        MessageAccumulator acc = MessageAccumulator.create();
        StringBuilder text = new StringBuilder();
        try (StreamResponse<RawMessageStreamEvent> stream = client.messages().createStreaming(ask("msg-splice")
                .build())) {
            stream.stream().forEach(e -> {
                acc.accumulate(e);
                e.contentBlockDelta().flatMap(d -> d.delta().text()).ifPresent(t -> text.append(t.text()));
            });
        }
        assertThat(text).hasToString("The answer is forty-two.");
        Message m = acc.message();
        assertThat(m.content().get(0).text().orElseThrow().text()).isEqualTo("The answer is forty-two.");
        assertThat(m.stopReason()).hasValue(StopReason.END_TURN);
        assertThat(m.usage().outputTokens()).isPositive();
    }

    @Test
    void aBrokenStreamIsAnErrorForTheSdkNotAShortAnswer() {
        StringBuilder text = new StringBuilder();
        assertThatThrownBy(() -> {
            try (StreamResponse<RawMessageStreamEvent> stream = client.messages().createStreaming(ask("msg-broken")
                    .build())) {
                stream.stream().forEach(e -> e.contentBlockDelta().flatMap(d -> d.delta().text())
                        .ifPresent(t -> text.append(t.text())));
            }
        }).hasMessageContaining("broke off");
        assertThat(text).hasToString("The answer is");
    }

    @Test
    void toolUseRoundTrip() {
        MessageCreateParams.Builder params = MessageCreateParams.builder().model("msg-tools").maxTokens(256)
                .addTool(Tool.builder().name("get_weather").description("The weather in a city")
                        .inputSchema(Tool.InputSchema.builder().properties(com.anthropic.core.JsonValue.from(Map.of(
                                "city", Map.of("type", "string")))).addRequired("city").build()).build())
                .addUserMessage("Weather in Paris?");
        Message m = client.messages().create(params.build());
        assertThat(m.stopReason()).hasValue(StopReason.TOOL_USE);
        ToolUseBlock use = m.content().stream().map(ContentBlock::toolUse).flatMap(java.util.Optional::stream)
                .findFirst().orElseThrow();
        assertThat(use.id()).isEqualTo("call_7");
        assertThat(use.name()).isEqualTo("get_weather");
        assertThat(use._input().toString()).contains("Paris");
        assertThat(fault.lastBody("msg-tool")).contains("\"type\":\"function\"").contains("\"parameters\"");

        Message second = client.messages().create(params.addMessage(m).addUserMessageOfContentBlockParams(List.of(
                ContentBlockParam.ofToolResult(ToolResultBlockParam.builder().toolUseId(use.id()).content("18C")
                        .build()))).build());
        assertThat(second.stopReason()).hasValue(StopReason.TOOL_USE);
        String followUp = fault.lastBody("msg-tool");
        assertThat(followUp).contains("\"tool_calls\"").contains("\"tool_call_id\":\"call_7\"")
                .contains("\"role\":\"tool\"").contains("18C");
    }

    @Test
    void aStreamedToolCallIsNeverSplicedAndArrivesWhole() {
        MessageAccumulator acc = MessageAccumulator.create();
        try (StreamResponse<RawMessageStreamEvent> stream = client.messages().createStreaming(
                MessageCreateParams.builder().model("msg-tool-broken").maxTokens(256).addUserMessage("Weather?")
                        .build())) {
            stream.stream().forEach(acc::accumulate);
        }
        Message m = acc.message();
        ToolUseBlock use = m.content().stream().map(ContentBlock::toolUse).flatMap(java.util.Optional::stream)
                .findFirst().orElseThrow();
        assertThat(use.id()).as("the whole call from the model that finished it").isEqualTo("call_9");
        assertThat(use._input().toString()).contains("Oslo");
        assertThat(m.stopReason()).hasValue(StopReason.TOOL_USE);
    }

    @Test
    void aDocumentReachesAnOpenAiCompatibleModelAsAFile() {
        client.messages().create(AnthropicIT.lease("msg-plain"));
        JsonObject sent = Json.createReader(new StringReader(fault.lastBody("msg-ok"))).readObject();
        JsonObject file = sent.getJsonArray("messages").getJsonObject(0).getJsonArray("content").getJsonObject(0);
        assertThat(file.getString("type")).isEqualTo("file");
        assertThat(file.getJsonObject("file").getString("file_data"))
                .isEqualTo("data:application/pdf;base64,JVBERi0xLjQK");
        assertThat(fault.lastBody("msg-ok")).doesNotContain("citations");
    }

    @Test
    void thinkingBudgetsReachTheModelAsAnEffort() {
        client.messages().create(MessageCreateParams.builder().model("msg-plain").maxTokens(8000)
                .enabledThinking(2048).addUserMessage("Think.").build());
        assertThat(fault.lastBody("msg-ok")).contains("\"reasoning_effort\":\"low\"");
    }

    @Test
    void errorsComeInAnthropicsShapeAndStatus() {
        assertThatThrownBy(() -> client.messages().create(ask("no-such-tier").build()))
                .isInstanceOfSatisfying(AnthropicServiceException.class, e -> {
                    assertThat(e.statusCode()).isBetween(400, 404);
                    assertThat(e.requestId()).isPresent();
                });
        HttpResponse<String> noMax = proxy.post("/v1/messages", "{\"model\":\"msg-plain\",\"messages\":"
                + "[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertThat(noMax.statusCode()).isEqualTo(400);
        JsonObject body = json(noMax.body());
        assertThat(body.getString("type")).isEqualTo("error");
        assertThat(body.getJsonObject("error").getString("type")).isEqualTo("invalid_request_error");
        assertThat(body.getJsonObject("error").getString("message")).contains("max_tokens");
        HttpResponse<String> server = proxy.post("/v1/messages", "{\"model\":\"msg-plain\",\"max_tokens\":9,"
                + "\"tools\":[{\"type\":\"web_search_20250305\",\"name\":\"web_search\"}],"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertThat(server.statusCode()).isEqualTo(400);
        assertThat(server.body()).contains("web_search_20250305");
        JsonObject row = proxy.awaitLoggedRow(server.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(10));
        assertThat(row.getString("frontDoor")).isEqualTo("messages");
        assertThat(row.getInt("status")).isEqualTo(400);
    }

    @Test
    void everyModelFailingIsAnApiErrorWithoutTheProvidersText() {
        assertThatThrownBy(() -> client.messages().create(ask("msg-down").build()))
                .isInstanceOfSatisfying(AnthropicServiceException.class, e -> {
                    assertThat(e.statusCode()).isEqualTo(502);
                    assertThat(e.body().toString()).contains("api_error").doesNotContain("secret provider detail");
                });
    }

    @Test
    void countTokensAnswersAnEstimate() {
        HttpResponse<String> r = proxy.post("/v1/messages/count_tokens", "{\"model\":\"msg-plain\","
                + "\"messages\":[{\"role\":\"user\",\"content\":\"" + "word ".repeat(100) + "\"}]}");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(json(r.body()).getInt("input_tokens")).isBetween(100, 400);
        assertThat(proxy.post("/v1/messages/count_tokens", "{").statusCode()).isEqualTo(400);
    }

    @Test
    void countTokensAdmitsItsCallerAsTheMessagesDoorDoesBeforeReadingTheBody() {
        HttpResponse<String> r = proxy.send("POST", "/v1/messages/count_tokens", "{\"model\":\"msg-plain\","
                + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}",
                "x-api-key", "llmp_AAAAAAAAAAAA_" + "B".repeat(32));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(401);
        assertThat(json(r.body()).getJsonObject("error").getString("type")).isEqualTo("authentication_error");
    }

    private static JsonObject json(String body) {
        return Json.createReader(new StringReader(body)).readObject();
    }
}
