package dev.llmproxy.it;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.HttpResponseFor;
import com.openai.core.http.StreamResponse;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static dev.llmproxy.testing.OpenAiBodies.partialEvents;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Idempotency keys through the deployed WAR: a client that retries a slow request is answered once and billed once,
 * whole or streamed; a failed run leaves the key to the retry; a key in use or used for another request is refused
 * with its reason; the request log links each replay to the request it repeats.
 */
class IdempotencyIT extends DeployedProxy {

    private static FaultUpstream fault;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("idem-slow", fault.delayed(1500, FaultUpstream.ok()));
        fault.on("idem-ok", FaultUpstream.ok());
        fault.on("idem-stream", fault.stream(0, 5, Ending.DONE, answerEvents("idem-stream", "Once only.")));
        fault.on("idem-stall", fault.stream(0, 5, Ending.STALL, partialEvents("idem-stall", "Still", " going")));
        fault.on("idem-down", FaultUpstream.status(400, "{\"error\":{\"message\":\"bad\"}}")); // not retried
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl())
                .setting("chainBudgetMs", 3000).setting("queueWaitTimeoutMs", 500)
                .setting("streamIdleTimeoutMs", 8000)
                .tier("idem-slow-tier", "idem-slow")
                .tier("idem-ok-tier", "idem-ok")
                .tier("idem-stream-tier", "idem-stream")
                .tier("idem-stall-tier", "idem-stall")
                .tier("idem-down-tier", "idem-down")
                .build());
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    private static ChatCompletionCreateParams.Builder ask(String tier, String key) {
        return ChatCompletionCreateParams.builder().model(tier).addUserMessage("What is the answer?")
                .putAdditionalHeader("Idempotency-Key", key);
    }

    private static String header(com.openai.core.http.HttpResponse response, String name) {
        return response.headers().values(name).stream().findFirst().orElse(null);
    }

    /** openai-java gives up on its first try after a second, and tries again with the same key: one call, one bill. */
    @Test
    void aRetriedOpenAiJavaCallIsAnsweredOnceAndBilledOnce() {
        OpenAIClient impatient = OpenAIOkHttpClient.builder().baseUrl(ProxyClient.BASE + "/v1").apiKey("not-needed")
                .timeout(Duration.ofSeconds(1)).maxRetries(3).build();
        int before = fault.calls("idem-slow");
        HttpResponseFor<ChatCompletion> answer = impatient.chat().completions().withRawResponse()
                .create(ask("idem-slow-tier", UUID.randomUUID().toString()).build());

        assertThat(answer.parse().choices().get(0).message().content()).hasValue("answer from idem-slow");
        assertThat(fault.calls("idem-slow") - before).isEqualTo(1);
        String original = header(answer, "X-Proxy-Replay-Of");
        assertThat(original).isNotNull();
        assertThat(header(answer, "X-Proxy-Model")).isEqualTo("idem-slow");
        JsonObject first = proxy.awaitLoggedRow(original, Duration.ofSeconds(10));
        assertThat(first.getInt("status")).isEqualTo(200);
        assertThat(first.getInt("totalTokens")).isPositive();
        JsonObject replay = proxy.awaitLoggedRow(header(answer, "X-Request-Id"), Duration.ofSeconds(10));
        assertThat(replay.getString("replayOf")).isEqualTo(original);
        assertThat(replay.getInt("status")).isEqualTo(200);
        assertThat(replay.getString("answeringModel")).isEqualTo("idem-slow");
        assertThat(replay.containsKey("totalTokens") && !replay.isNull("totalTokens")).isFalse();
        assertThat(replay.containsKey("costUsd")).isFalse();
    }

    @Test
    void aStreamedAnswerIsStreamedAgainToItsRetry() {
        OpenAIClient client = OpenAIOkHttpClient.builder().baseUrl(ProxyClient.BASE + "/v1").apiKey("not-needed")
                .maxRetries(0).build();
        String key = UUID.randomUUID().toString();
        int before = fault.calls("idem-stream");
        String[] texts = new String[2];
        String[] replayOf = new String[2];
        for (int i = 0; i < 2; i++) {
            StringBuilder text = new StringBuilder();
            try (HttpResponseFor<StreamResponse<ChatCompletionChunk>> streamed = client.chat().completions()
                    .withRawResponse().createStreaming(ask("idem-stream-tier", key).build())) {
                replayOf[i] = header(streamed, "X-Proxy-Replay-Of");
                streamed.parse().stream().forEach(chunk -> chunk.choices()
                        .forEach(choice -> choice.delta().content().ifPresent(text::append)));
            }
            texts[i] = text.toString();
        }
        assertThat(texts).containsExactly("Once only.", "Once only.");
        assertThat(replayOf[0]).isNull();
        assertThat(replayOf[1]).isNotNull();
        assertThat(fault.calls("idem-stream") - before).isEqualTo(1);
        assertThat(proxy.awaitLoggedRow(replayOf[1], Duration.ofSeconds(10)).getBoolean("stream")).isTrue();
    }

    @Test
    void aFailedRunKeepsNothingAndItsRetryRunsAgain() {
        String key = UUID.randomUUID().toString();
        int before = fault.calls("idem-down");
        HttpResponse<String> first = keyed(key, ProxyClient.chatBody("idem-down-tier"));
        HttpResponse<String> second = keyed(key, ProxyClient.chatBody("idem-down-tier"));
        assertThat(first.statusCode()).isEqualTo(502); // the provider refused the request
        assertThat(second.statusCode()).isEqualTo(first.statusCode());
        assertThat(second.headers().firstValue("X-Proxy-Replay-Of")).isEmpty();
        assertThat(fault.calls("idem-down") - before).isEqualTo(2);
    }

    @Test
    void aKeyUsedForAnotherRequestOrMalformedIsRefusedWithItsReason() {
        String key = UUID.randomUUID().toString();
        HttpResponse<String> first = keyed(key, ProxyClient.chatBody("idem-ok-tier"));
        assertThat(first.statusCode()).isEqualTo(200);
        HttpResponse<String> other = keyed(key, ProxyClient.chatBody("idem-stream-tier"));
        assertThat(other.statusCode()).isEqualTo(422);
        JsonObject error = json(other.body()).getJsonObject("error");
        assertThat(error.getString("code")).isEqualTo("idempotency_key_reused");
        assertThat(error.getString("param")).isEqualTo("Idempotency-Key");
        assertThat(error.getString("message")).contains(first.headers().firstValue("X-Request-Id").orElseThrow());
        // the same key on another front door is another request too
        assertThat(proxy.send("POST", "/v1/embeddings", "{\"model\":\"idem-ok-tier\",\"input\":\"x\"}",
                "Idempotency-Key", key).statusCode()).isEqualTo(422);

        HttpResponse<String> malformed = keyed("x".repeat(256), ProxyClient.chatBody("idem-ok-tier"));
        assertThat(malformed.statusCode()).isEqualTo(400);
        assertThat(json(malformed.body()).getJsonObject("error").getString("param")).isEqualTo("Idempotency-Key");
    }

    /**
     * A retry waits for the run it repeats as long as such a run may take (queue wait and chain budget: 3.5 s here);
     * a stream may take longer, and then the retry is told to look again.
     */
    @Test
    void aRetryOfAStreamStillGoingPastItsPatienceIsToldToLookAgain() throws Exception {
        String key = UUID.randomUUID().toString();
        String body = "{\"model\":\"idem-stall-tier\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpResponse<InputStream> running = http.sendAsync(HttpRequest.newBuilder(URI.create(ProxyClient.BASE
                        + "/v1/chat/completions")).header("Content-Type", "application/json").header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofInputStream())
                .get(10, TimeUnit.SECONDS);
        try (InputStream stream = running.body()) {
            assertThat(running.statusCode()).isEqualTo(200); // the stream is open: its run holds the key
            long started = System.nanoTime();
            HttpResponse<String> retry = keyed(key, body);
            assertThat(retry.statusCode()).isEqualTo(409);
            assertThat((System.nanoTime() - started) / 1_000_000).isGreaterThanOrEqualTo(3000);
            assertThat(retry.headers().firstValue("Retry-After")).hasValue("1");
            JsonObject error = json(retry.body()).getJsonObject("error");
            assertThat(error.getString("code")).isEqualTo("idempotency_key_in_use");
            assertThat(error.getString("message")).contains(running.headers().firstValue("X-Request-Id").orElseThrow());
            assertThat(proxy.awaitLoggedRow(retry.headers().firstValue("X-Request-Id").orElseThrow(),
                    Duration.ofSeconds(10)).getString("errorCode")).isEqualTo("idempotency_key_in_use");
        }
    }

    private HttpResponse<String> keyed(String key, String body) {
        return proxy.send("POST", "/v1/chat/completions", body, "Idempotency-Key", key);
    }

    private static JsonObject json(String body) {
        return Json.createReader(new StringReader(body)).readObject();
    }
}
