package dev.llmproxy.it;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.models.ReasoningEffort;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionStreamOptions;
import com.openai.models.completions.CompletionUsage;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import dev.llmproxy.testing.GeminiBodies;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Gemini provider reached in Google's own format through the deployed WAR, by the official OpenAI SDK as
 * applications use it, and the chain's failover over Gemini's own errors.
 */
class GeminiIT extends DeployedProxy {

    private static FaultUpstream fault;
    private static OpenAIClient client;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        String gemini = "http://127.0.0.1:" + fault.port() + "/v1beta";
        fault.on("gemini-2.5-flash", FaultUpstream.status(200, GeminiBodies.body("answer-thinking.json")));
        fault.on("gemini-2.5-flash-lite", fault.streamCrlf(0, 5, Ending.NO_DONE, GeminiBodies.events("stream-thinking.sse")));
        fault.on("gemini-2.5-pro", FaultUpstream.status(429,
                GeminiBodies.body("error-429-per-minute.json").replace("2.837906927s", "60s")));
        fault.on("gemini-3.1-pro-preview", FaultUpstream.status(200, GeminiBodies.body("answer-thinking.json")
                .replace("\"modelVersion\": \"gemini-2.5-flash\"", "\"modelVersion\": \"gemini-3.1-pro-preview\"")));
        fault.on("gemini-2.5-pro-preview-06-05", FaultUpstream.status(200, GeminiBodies.body("answer-max-tokens-thinking.json")),
                FaultUpstream.status(200, GeminiBodies.body("answer-thinking.json")));
        fault.on("gemini-3.5-flash", fault.stream(0, 0, Ending.NO_DONE, GeminiBodies.events("stream-mid-error.sse")));
        fault.on("gemini-3-flash-preview", FaultUpstream.status(503, GeminiBodies.body("error-503.json")),
                FaultUpstream.status(200, GeminiBodies.body("answer-thinking.json")
                        .replace("\"modelVersion\": \"gemini-2.5-flash\"", "\"modelVersion\": \"gemini-3-flash-preview\"")));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl())
                .geminiModel("g-flash", "gemini-2.5-flash", gemini)
                .geminiModel("g-lite", "gemini-2.5-flash-lite", gemini)
                .geminiModel("g-pro", "gemini-2.5-pro", gemini)
                .geminiModel("g-31-pro", "gemini-3.1-pro-preview", gemini)
                .geminiModel("g-3-flash", "gemini-3-flash-preview", gemini)
                .geminiModel("g-25-pro-tight", "gemini-2.5-pro-preview-06-05", gemini)
                .tier("g-whole", "g-flash")
                .tier("g-stream", "g-lite")
                .tier("g-mixed", "g-pro", "g-31-pro")
                .tier("g-overloaded", "g-3-flash")
                .tier("g-tight", "g-25-pro-tight")
                .geminiModel("g-35-flash", "gemini-3.5-flash", gemini)
                .tier("g-mid-error", "g-35-flash")
                .setting("backoffInitialMs", 10).setting("backoffMaxMs", 20)
                .build());
        client = OpenAIOkHttpClient.builder().baseUrl(ProxyClient.BASE + "/v1").apiKey("not-needed").maxRetries(0).build();
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    @Test
    void aStreamBrokenByGooglesErrorEndsInTheProxysWordsNotGooglesOrItsStatusName() throws Exception {
        Streamed s = Streamed.call(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), "g-mid-error",
                false);
        assertThat(s.text()).isEqualTo("The first half of the answer");
        assertThat(s.cut()).isTrue();
        assertThat(s.done()).isFalse();
        assertThat(String.join("\n", s.data())).contains("stream_interrupted").doesNotContain("high demand")
                .doesNotContain("UNAVAILABLE");
        HttpResponse<String> whole = proxy.post("/v1/chat/completions", "{\"model\":\"g-mid-error\","
                + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertThat(whole.body()).doesNotContain("high demand").doesNotContain("UNAVAILABLE");
    }

    private static ChatCompletionCreateParams.Builder ask(String tier) {
        return ChatCompletionCreateParams.builder().model(tier).addUserMessage("Explain Occam's razor.")
                .reasoningEffort(ReasoningEffort.LOW).maxCompletionTokens(300);
    }

    @Test
    void theSdkGetsAGeminiAnswerWithItsReasoningTokens() {
        ChatCompletion c = client.chat().completions().create(ask("g-whole").build());
        assertThat(c.choices().get(0).message().content()).hasValueSatisfying(t -> assertThat(t).startsWith("Occam's Razor"));
        assertThat(c.model()).isEqualTo("gemini-2.5-flash");
        CompletionUsage usage = c.usage().orElseThrow();
        assertThat(usage.completionTokens()).isEqualTo(900);
        assertThat(usage.completionTokensDetails().orElseThrow().reasoningTokens()).hasValue(852L);
        // what Gemini was sent: its own form, with the thinking budget for this family
        JsonObject sent = (JsonObject) JsonCodec.read(fault.lastBody("gemini-2.5-flash"));
        assertThat(sent.getJsonObject("generationConfig").getJsonObject("thinkingConfig").getInt("thinkingBudget"))
                .isEqualTo(1024);
        assertThat(fault.authorizations("gemini-2.5-flash")).allMatch(k -> !k.isEmpty());
    }

    @Test
    void theSdkStreamsAGeminiAnswerWithReasoningTokensInItsUsage() {
        StringBuilder text = new StringBuilder();
        List<CompletionUsage> usage = new ArrayList<>();
        try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions().createStreaming(ask("g-stream")
                .streamOptions(ChatCompletionStreamOptions.builder().includeUsage(true).build()).build())) {
            stream.stream().forEach(chunk -> {
                chunk.choices().forEach(choice -> choice.delta().content().ifPresent(text::append));
                chunk.usage().ifPresent(usage::add);
            });
        }
        assertThat(text).hasToString("Carol lives in the blue house with the dog.");
        assertThat(usage).hasSize(1);
        assertThat(usage.get(0).completionTokensDetails().orElseThrow().reasoningTokens()).hasValue(1034L);
        assertThat(fault.lastTarget("gemini-2.5-flash-lite")).endsWith(":streamGenerateContent?alt=sse");
    }

    @Test
    void aRateLimitWithRetryInfoMovesOnAtOnceAndCoolsTheModelDownForThatLong() {
        HttpResponse<String> first = proxy.chat("g-mixed");
        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
        assertThat(first.headers().firstValue("X-Proxy-Model")).hasValue("g-31-pro");
        assertThat(first.body()).contains("\"model\":\"gemini-3.1-pro-preview\"");
        assertThat(first.headers().firstValue("X-Proxy-Saw-429")).hasValue("true");

        HttpResponse<String> second = proxy.chat("g-mixed");
        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(fault.calls("gemini-2.5-pro")).as("cooled down: not called again").isEqualTo(1);
        JsonArray attempts = proxy.awaitLoggedRow(second.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(20)).getJsonArray("attempts");
        assertThat(attempts.getJsonObject(0).getString("outcome")).isEqualTo("SKIPPED_COOLDOWN");
    }

    @Test
    void anOverloadedModelIsRetriedOnTheSameModel() {
        HttpResponse<String> r = proxy.chat("g-overloaded");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Attempts")).hasValue("2");
        assertThat(r.headers().firstValue("X-Proxy-Fallback")).hasValue("false");
        assertThat(fault.calls("gemini-3-flash-preview")).isEqualTo(2);
    }

    @Test
    void anAnswerWhoseThoughtsUsedUpTheBudgetIsAskedAgainWithMoreRoom() {
        HttpResponse<String> r = proxy.post("/v1/chat/completions", "{\"model\":\"g-tight\",\"max_tokens\":100,"
                + "\"reasoning_effort\":\"low\",\"messages\":[{\"role\":\"user\",\"content\":\"Explain.\"}]}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).contains("Occam's Razor");
        assertThat(r.headers().firstValue("X-Proxy-Attempts")).hasValue("2");
        assertThat(fault.calls("gemini-2.5-pro-preview-06-05")).isEqualTo(2);
        // the second ask gave the thoughts more room: twice the 1024 of a low effort, and at least 4096
        assertThat(((JsonObject) JsonCodec.read(fault.lastBody("gemini-2.5-pro-preview-06-05")))
                .getJsonObject("generationConfig").getInt("maxOutputTokens")).isEqualTo(100 + 4096);
        JsonArray attempts = proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(20)).getJsonArray("attempts");
        assertThat(attempts.getJsonObject(0).getString("outcome")).isEqualTo("OUTPUT_BUDGET_TOO_SMALL");
        assertThat(attempts.getJsonObject(0).getString("reason")).startsWith("output budget too small");
        assertThat(attempts.getJsonObject(1).getString("outcome")).isEqualTo("SUCCESS");
    }
}
