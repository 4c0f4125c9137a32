package dev.llmproxy.it;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.JsonValue;
import com.openai.core.http.StreamResponse;
import com.openai.errors.BadRequestException;
import com.openai.errors.NotFoundException;
import com.openai.helpers.ResponseAccumulator;
import com.openai.models.responses.FunctionTool;
import com.openai.models.responses.Response;
import com.openai.models.responses.ResponseCreateParams;
import com.openai.models.responses.ResponseFunctionToolCall;
import com.openai.models.responses.ResponseOutputItem;
import com.openai.models.responses.ResponseStatus;
import com.openai.models.responses.ResponseStreamEvent;
import com.openai.models.responses.Tool;
import com.openai.models.responses.WebSearchTool;
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
import java.util.UUID;

import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static dev.llmproxy.testing.OpenAiBodies.partialEvents;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Responses front door with the official OpenAI Java SDK, against fake upstreams that misbehave: fallback,
 * continuation and honest ends, stored responses continued with previous_response_id, and each stored response its
 * owner's alone.
 */
class ResponsesIT extends DeployedProxy {

    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static FaultUpstream fault;
    private static OpenAIClient client;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("rs-ok", FaultUpstream.ok());
        fault.on("rs-500", FaultUpstream.status(500));
        fault.on("rs-cut", fault.stream(0, 5, Ending.CUT, partialEvents("rs-cut", "The answer", " is")));
        fault.on("rs-cont", fault.stream(0, 5, Ending.DONE, answerEvents("rs-cont", " forty-two.")));
        fault.on("rs-tool", FaultUpstream.status(200, "{\"id\":\"c\",\"object\":\"chat.completion\",\"model\":"
                + "\"rs-tool\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null,"
                + "\"tool_calls\":[{\"id\":\"call_5\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                + "\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}],"
                + "\"usage\":{\"prompt_tokens\":20,\"completion_tokens\":9,\"total_tokens\":29}}"));
        new ProxyClient().importConfig(config(true));
        client = sdk("not-needed");
    }

    /** @param anonymous whether callers without a key may store responses (this class's SDK client is one) */
    private static String config(boolean anonymous) {
        return new ConfigBuilder(fault.baseUrl()).withoutBreakers()
                .setting("firstTokenTimeoutMs", 2000).setting("streamIdleTimeoutMs", 2000)
                .setting("storeAnonymousResponses", anonymous).setting("maxPromptChars", 2_000_000)
                .prefillModel("rs-cont")
                .tier("rs-plain", "rs-500", "rs-ok")
                .tier("rs-splice", "rs-cut", "rs-cont")
                .tier("rs-broken", "rs-cut")
                .tier("rs-tools", "rs-tool")
                .build();
    }

    private static OpenAIClient sdk(String key) {
        return OpenAIOkHttpClient.builder().baseUrl(ProxyClient.BASE + "/v1").apiKey(key).maxRetries(0).build();
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    private static ResponseCreateParams.Builder ask(String tier, String input) {
        return ResponseCreateParams.builder().model(tier).instructions("Be brief.").input(input);
    }

    private static String text(Response r) {
        return r.output().stream().map(ResponseOutputItem::message).flatMap(java.util.Optional::stream)
                .flatMap(m -> m.content().stream()).map(c -> c.outputText().orElseThrow().text())
                .reduce("", String::concat);
    }

    @Test
    void anAnswerAfterAFallbackIsAResponseStoredForItsCaller() {
        Response r = client.responses().create(ask("rs-plain", "What is the answer?").build());
        assertThat(r.id()).startsWith("resp_");
        assertThat(r.status()).hasValue(ResponseStatus.COMPLETED);
        assertThat(text(r)).isEqualTo("answer from rs-ok");
        assertThat(r.usage().orElseThrow().outputTokens()).isEqualTo(7);
        assertThat(fault.lastBody("rs-ok")).contains("\"role\":\"system\"").contains("Be brief.");

        HttpResponse<String> stored = proxy.get("/v1/responses/" + r.id());
        assertThat(stored.statusCode()).isEqualTo(200);
        assertThat(json(stored.body()).getString("id")).isEqualTo(r.id());
        JsonObject row = proxy.awaitLoggedRow("req_" + r.id().substring(5, r.id().lastIndexOf('_')),
                Duration.ofSeconds(10));
        assertThat(row.getString("frontDoor")).isEqualTo("responses");
        assertThat(row.getBoolean("fallback")).isTrue();
    }

    @Test
    void previousResponseIdContinuesTheConversation() {
        Response first = client.responses().create(ask("rs-plain", "First question " + RUN).build());
        client.responses().create(ResponseCreateParams.builder().model("rs-plain").input("Second question")
                .previousResponseId(first.id()).build());
        String sent = fault.lastBody("rs-ok");
        assertThat(sent).contains("First question " + RUN).contains("answer from rs-ok").contains("Second question")
                .as("instructions do not carry over").doesNotContain("Be brief.");
        assertThatThrownBy(() -> client.responses().create(ResponseCreateParams.builder().model("rs-plain")
                .input("x").previousResponseId("resp_nothing").build())).isInstanceOf(NotFoundException.class);
    }

    @Test
    void aStoredResponseIsItsOwnersAlone() {
        OpenAIClient alice = sdk(key("alice"));
        OpenAIClient bob = sdk(key("bob"));
        Response mine = alice.responses().create(ask("rs-plain", "Alice's secret").build());
        assertThatThrownBy(() -> bob.responses().retrieve(mine.id())).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> bob.responses().create(ResponseCreateParams.builder().model("rs-plain").input("x")
                .previousResponseId(mine.id()).build())).isInstanceOf(NotFoundException.class);
        assertThat(proxy.get("/v1/responses/" + mine.id()).statusCode()).as("nor an anonymous caller").isEqualTo(404);
        assertThatThrownBy(() -> bob.responses().delete(mine.id())).isInstanceOf(NotFoundException.class);
        assertThat(alice.responses().retrieve(mine.id()).id()).isEqualTo(mine.id());
        alice.responses().delete(mine.id());
        assertThatThrownBy(() -> alice.responses().retrieve(mine.id())).isInstanceOf(NotFoundException.class);
    }


    @Test
    void aResponsesIdCannotBeGuessedFromItsRequestsId() {
        HttpResponse<String> r = proxy.post("/v1/responses", "{\"model\":\"rs-plain\",\"input\":\"hi\"}");
        String requestId = r.headers().firstValue("X-Request-Id").orElseThrow();
        String id = json(r.body()).getString("id");
        assertThat(id).startsWith("resp_" + requestId.substring(4) + "_").matches("resp_.*_[0-9a-f]{24}");
        assertThat(proxy.get("/v1/responses/resp_" + requestId.substring(4)).statusCode()).isEqualTo(404);
    }

    @Test
    void anonymousCallersShareAnAddressSoTheyStoreNothingUnlessTheOperatorAllowsIt() {
        proxy.importConfig(config(false));
        try {
            HttpResponse<String> r = proxy.post("/v1/responses", "{\"model\":\"rs-plain\",\"input\":\"hi\"}");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(proxy.get("/v1/responses/" + json(r.body()).getString("id")).statusCode()).isEqualTo(404);
            Response keyed = sdk(key("keyed")).responses().create(ask("rs-plain", "Keep this").build());
            assertThat(proxy.get("/v1/responses/" + keyed.id()).statusCode()).as("not the key's").isEqualTo(404);
        } finally {
            proxy.importConfig(config(true));
        }
    }

    @Test
    void metadataBeyondOpenAisOwnLimitsIsRefusedAndAStoredConversationIsBounded() {
        StringBuilder pairs = new StringBuilder();
        for (int i = 0; i < 17; i++) {
            pairs.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":\"v\"");
        }
        HttpResponse<String> many = proxy.post("/v1/responses", "{\"model\":\"rs-plain\",\"input\":\"hi\","
                + "\"metadata\":{" + pairs + "}}");
        assertThat(many.statusCode()).isEqualTo(400);
        assertThat(json(many.body()).getJsonObject("error").getString("param")).isEqualTo("metadata");
        String huge = "y".repeat(600 * 1024);
        HttpResponse<String> big = proxy.post("/v1/responses", "{\"model\":\"rs-plain\",\"input\":\"" + huge + "\"}");
        assertThat(big.statusCode()).as(big.body()).isEqualTo(413);
        assertThat(json(big.body()).getJsonObject("error").getString("message")).contains("store: false");
        HttpResponse<String> unstored = proxy.post("/v1/responses", "{\"model\":\"rs-plain\",\"store\":false,"
                + "\"input\":\"" + huge + "\"}");
        assertThat(unstored.statusCode()).as(unstored.body()).isEqualTo(200);
    }

    @Test
    void readsAndDeletesOfStoredResponsesAreInTheAuditTrail() throws Exception {
        Response r = client.responses().create(ask("rs-plain", "Audit me").build());
        assertThat(proxy.get("/v1/responses/" + r.id()).statusCode()).isEqualTo(200);
        assertThat(proxy.send("DELETE", "/v1/responses/" + r.id(), null).statusCode()).isEqualTo(200);
        ConsoleLogin console = ConsoleLogin.open(proxy, "203.0.113.54");
        console.signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
        String audit = console.get("/admin/audit").body();
        assertThat(audit).contains("stored response read").contains("stored response deleted").contains(r.id());
    }

    @Test
    void storeFalseKeepsNothing() {
        Response r = client.responses().create(ask("rs-plain", "Forget me").store(false).build());
        assertThat(proxy.get("/v1/responses/" + r.id()).statusCode()).isEqualTo(404);
    }

    @Test
    void aStreamSplicedAcrossModelsIsOneResponse() {
        ResponseAccumulator acc = ResponseAccumulator.create();
        StringBuilder text = new StringBuilder();
        try (StreamResponse<ResponseStreamEvent> stream = client.responses().createStreaming(
                ask("rs-splice", "What is the answer?").build())) {
            stream.stream().forEach(e -> {
                acc.accumulate(e);
                e.outputTextDelta().ifPresent(d -> text.append(d.delta()));
            });
        }
        assertThat(text).hasToString("The answer is forty-two.");
        Response r = acc.response();
        assertThat(r.status()).hasValue(ResponseStatus.COMPLETED);
        assertThat(text(r)).isEqualTo("The answer is forty-two.");
        assertThat(proxy.get("/v1/responses/" + r.id()).statusCode()).as("a streamed answer is stored too")
                .isEqualTo(200);
    }

    @Test
    void aBrokenStreamIsAnErrorForTheSdkNotAShortAnswer() {
        StringBuilder text = new StringBuilder();
        assertThatThrownBy(() -> {
            try (StreamResponse<ResponseStreamEvent> stream = client.responses().createStreaming(
                    ask("rs-broken", "What is the answer?").build())) {
                stream.stream().forEach(e -> e.outputTextDelta().ifPresent(d -> text.append(d.delta())));
            }
        });
        assertThat(text).hasToString("The answer is");
    }

    @Test
    void functionCallsRoundTrip() {
        Response r = client.responses().create(ResponseCreateParams.builder().model("rs-tools").input("Weather?")
                .addTool(FunctionTool.builder().name("get_weather").strict(false).parameters(
                        FunctionTool.Parameters.builder().putAdditionalProperty("type", JsonValue.from("object"))
                                .build()).build()).build());
        ResponseFunctionToolCall call = r.output().stream().map(ResponseOutputItem::functionCall)
                .flatMap(java.util.Optional::stream).findFirst().orElseThrow();
        assertThat(call.callId()).isEqualTo("call_5");
        assertThat(call.arguments()).contains("Paris");
        HttpResponse<String> next = proxy.post("/v1/responses", "{\"model\":\"rs-tools\",\"previous_response_id\":\""
                + r.id() + "\",\"input\":[{\"type\":\"function_call_output\",\"call_id\":\"call_5\",\"output\":\"18C\"}]}");
        assertThat(next.statusCode()).as(next.body()).isEqualTo(200);
        assertThat(fault.lastBody("rs-tool")).contains("\"tool_call_id\":\"call_5\"").contains("18C")
                .contains("\"tool_calls\"");
    }

    @Test
    void builtInToolsAreRefusedByName() {
        assertThatThrownBy(() -> client.responses().create(ask("rs-plain", "x").addTool(Tool.ofWebSearch(
                WebSearchTool.builder().type(WebSearchTool.Type.WEB_SEARCH).build())).build()))
                .isInstanceOfSatisfying(BadRequestException.class, e -> assertThat(e.getMessage()).contains("web_search"));
    }

    /** A new API key: the key itself. */
    private String key(String name) {
        HttpResponse<String> created = proxy.send("POST", "/admin/api/keys", "{\"name\":\"" + name + " " + RUN + "\"}",
                "Authorization", ProxyClient.adminAuth(), "Content-Type", "application/json");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return json(created.body()).getString("key");
    }

    private static JsonObject json(String body) {
        return Json.createReader(new StringReader(body)).readObject();
    }
}
