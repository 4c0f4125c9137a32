package dev.llmproxy.it;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.helpers.MessageAccumulator;
import com.anthropic.models.messages.Message;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.models.ReasoningEffort;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionMessageToolCall;
import dev.llmproxy.testing.AwsFrames;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import dev.llmproxy.testing.RecordedBodies;
import dev.llmproxy.testing.SigV4Check;
import jakarta.json.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Claude on AWS Bedrock through the {@code bedrock} kind, by the official OpenAI SDK: each request signed (SigV4) with
 * the machine's IAM identity, as AWS's default chain finds it (the test server's {@code aws.accessKeyId} and
 * {@code aws.secretAccessKey}), for the region the server names; a Bedrock API key as a bearer token; Converse's
 * answers and ConverseStream's binary frames read as Claude's (thinking, its signature, tool calls in fragments,
 * cache tokens); Bedrock's throttling, a stream exception and a corrupt frame routed around in the proxy's words.
 */
class BedrockIT extends DeployedProxy {

    /** The identity the test server's default chain finds (see the POM). */
    private static final String KEY_ID = "AKIDIT0BEDROCK";
    private static final String SECRET_KEY = "it/bedrock+secret0KEY";

    private static FaultUpstream fault;
    private static OpenAIClient client;
    private static final ProxyClient proxy = new ProxyClient();

    private static String recorded(String name) {
        return RecordedBodies.body("bedrock", name);
    }

    private static byte[][] frames(String name) {
        return AwsFrames.frames(RecordedBodies.events("bedrock", name));
    }

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        String base = "http://127.0.0.1:" + fault.port();
        Map<String, String> throttled = Map.of("x-amzn-ErrorType",
                "ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/");
        fault.on("anthropic.claude-tool-v1:0", FaultUpstream.status(200, recorded("answer-thinking-tool.json")));
        fault.on("anthropic.claude-text-v1:0", FaultUpstream.status(200, recorded("answer-text.json")));
        fault.on("arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile/claude-arn",
                FaultUpstream.status(200, recorded("answer-text.json")));
        fault.on("anthropic.claude-throttled-v1:0", FaultUpstream.status(429, throttled, recorded("error-throttling.json")));
        fault.on("anthropic.claude-tool-stream-v1:0", fault.eventStream(5, Ending.DONE, frames("stream-thinking-tool.events")));
        fault.on("anthropic.claude-stream-v1:0", fault.eventStream(5, Ending.DONE, frames("stream-text.events")));
        fault.on("anthropic.claude-mid-v1:0", fault.eventStream(5, Ending.DONE, frames("stream-text-throttled.events")));
        fault.on("anthropic.claude-native-v1:0", FaultUpstream.status(200, RecordedBodies.body("anthropic",
                "answer-text.json")));
        fault.on("anthropic.claude-native-stream-v1:0", fault.eventStream(5, Ending.DONE, AwsFrames.frames(
                Arrays.stream(RecordedBodies.events("anthropic", "stream-text.sse")).map(e -> "chunk {\"bytes\":\""
                        + Base64.getEncoder().encodeToString(e.getBytes(StandardCharsets.UTF_8)) + "\"}")
                        .toArray(String[]::new))));
        byte[][] corrupt = frames("stream-text.events");
        corrupt[2][corrupt[2].length - 8] ^= 0x01; // the second text delta's payload, one bit flipped
        fault.on("anthropic.claude-corrupt-v1:0", fault.eventStream(5, Ending.DONE, corrupt));
        proxy.importConfig(new ConfigBuilder(fault.baseUrl()).withoutBreakers()
                .provider("bedrock", "bedrock", base, "machine-identity")
                .provider("bedrock-key", "bedrock", base, "IT_BEDROCK_KEY")
                .paidModel("b-tool", "bedrock", "anthropic.claude-tool-v1:0", "claude")
                .paidModel("b-text", "bedrock", "anthropic.claude-text-v1:0", "claude")
                .paidModel("b-arn", "bedrock-key",
                        "arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile/claude-arn", "claude")
                .paidModel("b-throttled", "bedrock", "anthropic.claude-throttled-v1:0", "claude")
                .paidModel("b-tool-stream", "bedrock", "anthropic.claude-tool-stream-v1:0", "claude")
                .paidModel("b-stream", "bedrock", "anthropic.claude-stream-v1:0", "claude")
                .paidModel("b-mid", "bedrock", "anthropic.claude-mid-v1:0", "claude")
                .paidModel("b-corrupt", "bedrock", "anthropic.claude-corrupt-v1:0", "claude")
                .paidModel("b-native", "bedrock", "anthropic.claude-native-v1:0", "claude")
                .paidModel("b-native-stream", "bedrock", "anthropic.claude-native-stream-v1:0", "claude")
                .tier("b-tools", "b-tool")
                .tier("b-keyed", "b-arn")
                .tier("b-busy", "b-throttled", "b-text")
                .tier("b-tool-loop", "b-tool-stream")
                .tier("b-broken", "b-mid", "b-stream")
                .tier("b-garbled", "b-corrupt", "b-stream")
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
    void claudeAnswersTheSdkWithThinkingAToolCallAndCacheTokensAndEachRequestIsSignedForTheRegion() throws Exception {
        ChatCompletion c = client.chat().completions().create(ask("b-tools").build());
        var message = c.choices().get(0).message();
        assertThat(message.content()).contains("Let me check.");
        assertThat(message._additionalProperties().get("reasoning_content").toString()).contains("weather in Paris");
        ChatCompletionMessageToolCall call = message.toolCalls().orElseThrow().get(0);
        assertThat(call.asFunction().function().arguments()).contains("Paris");
        assertThat(c.choices().get(0).finishReason()).isEqualTo(ChatCompletion.Choice.FinishReason.TOOL_CALLS);
        assertThat(c.usage().orElseThrow().promptTokensDetails().orElseThrow().cachedTokens()).contains(1000L);

        String model = "anthropic.claude-tool-v1:0";
        assertThat(fault.lastTarget(model)).isEqualTo("/model/anthropic.claude-tool-v1:0/converse");
        var sent = Json.createReader(new StringReader(fault.lastBody(model))).readObject();
        assertThat(sent.getJsonArray("system").getJsonObject(0).getString("text")).isEqualTo("Be brief.");
        assertThat(sent.getJsonObject("additionalModelRequestFields").getJsonObject("thinking").getInt("budget_tokens"))
                .isEqualTo(1024);
        Map<String, String> headers = fault.lastHeaders(model);
        String authorization = headers.get("authorization");
        assertThat(authorization).startsWith("AWS4-HMAC-SHA256 Credential=" + KEY_ID + "/")
                .contains("/eu-west-1/bedrock/aws4_request");
        // what arrived is what was signed: path, Host, headers and body, as AWS would check them
        assertThat(SigV4Check.signature(authorization)).isEqualTo(SigV4Check.expected(SECRET_KEY, authorization,
                fault.lastTarget(model), headers, fault.lastBody(model).getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aMessagesCallersDocumentReachesClaudeThroughInvokeModelAsWrittenAndItsStreamIsRead() {
        AnthropicClient anthropic = AnthropicOkHttpClient.builder().baseUrl(ProxyClient.BASE).apiKey("not-needed")
                .maxRetries(0).build();
        Message m = anthropic.messages().create(AnthropicIT.lease("b-native"));
        assertThat(m.content().get(0).text().orElseThrow().text()).isNotBlank();
        String model = "anthropic.claude-native-v1:0";
        assertThat(fault.lastTarget(model)).isEqualTo("/model/" + model + "/invoke");
        var sent = Json.createReader(new StringReader(fault.lastBody(model))).readObject();
        assertThat(sent.getString("anthropic_version")).isEqualTo("bedrock-2023-05-31");
        var document = sent.getJsonArray("messages").getJsonObject(0).getJsonArray("content").getJsonObject(0);
        assertThat(document.getString("title")).isEqualTo("Lease");
        assertThat(document.getJsonObject("citations").getBoolean("enabled")).isTrue();

        MessageAccumulator streamed = MessageAccumulator.create();
        try (var events = anthropic.messages().createStreaming(AnthropicIT.lease("b-native-stream"))) {
            events.stream().forEach(streamed::accumulate);
        }
        assertThat(streamed.message().content().get(0).text().orElseThrow().text()).isEqualTo("Hello!");
        assertThat(fault.lastTarget("anthropic.claude-native-stream-v1:0"))
                .endsWith("/invoke-with-response-stream");
    }

    @Test
    void anArnIsOnePathSegmentAndABedrockApiKeyIsABearerToken() {
        HttpResponse<String> r = proxy.chat("b-keyed");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        String arn = "arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile/claude-arn";
        assertThat(fault.lastTarget(arn)).isEqualTo(
                "/model/arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile%2Fclaude-arn/converse");
        assertThat(fault.lastHeaders(arn).get("authorization")).isEqualTo("Bearer ABSKaXQtYmVkcm9jay1rZXk=");
    }

    @Test
    void aThrottledModelIsRoutedAroundAndBedrocksWordsStayInTheLog() {
        HttpResponse<String> r = proxy.chat("b-busy");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("b-text");
        assertThat(r.headers().firstValue("X-Proxy-Saw-429")).hasValue("true");
        assertThat(r.body()).doesNotContain("Too many tokens");
    }

    @Test
    void aStreamedToolCallWithThinkingArrivesWholeThroughTheSdk() {
        StreamedToolCall streamed = StreamedToolCall.of(client, ask("b-tool-loop").build());
        assertThat(streamed.ids()).singleElement().satisfies(id -> assertThat(id).startsWith("tooluse_kZJMlvQmRJ6eAyJE5GIl7Q"));
        assertThat(Json.createReader(new StringReader(streamed.arguments())).readObject().getString("city"))
                .isEqualTo("Paris");
        assertThat(streamed.reasoning()).isEqualTo("The user wants the weather in Paris.");
        assertThat(fault.lastTarget("anthropic.claude-tool-stream-v1:0"))
                .isEqualTo("/model/anthropic.claude-tool-stream-v1:0/converse-stream");
        assertThat(fault.lastHeaders("anthropic.claude-tool-stream-v1:0").get("accept"))
                .isEqualTo("application/vnd.amazon.eventstream");
    }

    @Test
    void aStreamBrokenByAnExceptionOrACorruptFrameEndsInTheProxysWords() throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        for (String tier : new String[] {"b-broken", "b-garbled"}) {
            Streamed streamed = Streamed.call(http, tier, false);
            String all = String.join("\n", streamed.data());
            assertThat(all).as(tier).doesNotContain("unable to process").doesNotContain("Exception");
            assertThat(streamed.text()).as(tier).startsWith("Paris is ");
            // either continued to the end by the next model or ended with the proxy's own error: never cut silently
            assertThat(streamed.done() || all.contains("\"error\"")).as(tier + ": " + all).isTrue();
        }
        assertThat(fault.calls("anthropic.claude-mid-v1:0")).isPositive();
        assertThat(fault.calls("anthropic.claude-corrupt-v1:0")).isPositive();
    }
}
