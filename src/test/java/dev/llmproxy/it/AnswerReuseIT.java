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
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tiers that give deterministic answers again, through openai-java: a fresh answer without a call, an earlier answer
 * in place of an outage (whole and streamed), marked in the headers and the request log; answers that are not whole
 * (a tool call) and requests that are not deterministic are never given again.
 */
class AnswerReuseIT extends DeployedProxy {

    private static FaultUpstream fault;
    private static OpenAIClient client;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("reuse-ok", FaultUpstream.ok());
        fault.on("reuse-then-down", FaultUpstream.ok(), FaultUpstream.status(503));
        fault.on("reuse-stream-then-down", fault.stream(0, 5, Ending.DONE, answerEvents("reuse-stream-then-down",
                "Kept", " words.")), FaultUpstream.status(503));
        fault.on("reuse-tool", FaultUpstream.ok("tool_calls"));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl())
                .setting("backoffInitialMs", 1).setting("backoffMaxMs", 2).withoutBreakers()
                .reusingTier("reuse-fresh", 60, 0, "reuse-ok")
                .reusingTier("reuse-stale", 0, 3600, "reuse-then-down")
                .reusingTier("reuse-stale-stream", 0, 3600, "reuse-stream-then-down")
                .reusingTier("reuse-tools", 60, 0, "reuse-tool")
                .build());
        client = OpenAIOkHttpClient.builder().baseUrl(ProxyClient.BASE + "/v1").apiKey("not-needed").maxRetries(0)
                .build();
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    private static ChatCompletionCreateParams.Builder ask(String tier, String question) {
        return ChatCompletionCreateParams.builder().model(tier).addUserMessage(question);
    }

    private static String header(com.openai.core.http.HttpResponse response, String name) {
        return response.headers().values(name).stream().findFirst().orElse(null);
    }

    @Test
    void aDeterministicRequestSentAgainGetsTheFreshAnswerWithoutACall() {
        int before = fault.calls("reuse-ok");
        HttpResponseFor<ChatCompletion> first = client.chat().completions().withRawResponse()
                .create(ask("reuse-fresh", "What is 2 + 2?").temperature(0.0).build());
        HttpResponseFor<ChatCompletion> again = client.chat().completions().withRawResponse()
                .create(ask("reuse-fresh", "What is 2 + 2?").temperature(0.0).build());
        assertThat(again.parse().choices().get(0).message().content())
                .isEqualTo(first.parse().choices().get(0).message().content());
        assertThat(fault.calls("reuse-ok") - before).isEqualTo(1);
        assertThat(header(first, "X-Proxy-Reused")).isNull();
        assertThat(header(again, "X-Proxy-Reused")).isEqualTo("fresh");
        assertThat(header(again, "X-Proxy-Replay-Of")).isEqualTo(header(first, "X-Request-Id"));
        assertThat(Long.parseLong(header(again, "Age"))).isBetween(0L, 60L);
        JsonObject row = proxy.awaitLoggedRow(header(again, "X-Request-Id"), Duration.ofSeconds(10));
        assertThat(row.getString("reusedAs")).isEqualTo("fresh");
        assertThat(row.getString("replayOf")).isEqualTo(header(first, "X-Request-Id"));

        // sampled, or with a seed of its own: another request, which runs
        client.chat().completions().create(ask("reuse-fresh", "What is 2 + 2?").temperature(0.7).build());
        client.chat().completions().create(ask("reuse-fresh", "What is 2 + 2?").seed(7).build());
        assertThat(fault.calls("reuse-ok") - before).isEqualTo(3);
        // the seeded one is deterministic: kept, and given again
        HttpResponseFor<ChatCompletion> seeded = client.chat().completions().withRawResponse()
                .create(ask("reuse-fresh", "What is 2 + 2?").seed(7).build());
        assertThat(header(seeded, "X-Proxy-Reused")).isEqualTo("fresh");
        assertThat(fault.calls("reuse-ok") - before).isEqualTo(3);
    }

    @Test
    void whenEveryModelFailsAnEarlierAnswerStandsInMarkedStale() {
        HttpResponseFor<ChatCompletion> first = client.chat().completions().withRawResponse()
                .create(ask("reuse-stale", "Capital of France?").seed(1).build());
        int before = fault.calls("reuse-then-down");
        HttpResponseFor<ChatCompletion> outage = client.chat().completions().withRawResponse()
                .create(ask("reuse-stale", "Capital of France?").seed(1).build());
        assertThat(fault.calls("reuse-then-down") - before).isEqualTo(3); // it was called, and retried, first
        assertThat(outage.statusCode()).isEqualTo(200);
        assertThat(outage.parse().choices().get(0).message().content())
                .isEqualTo(first.parse().choices().get(0).message().content());
        assertThat(header(outage, "X-Proxy-Reused")).isEqualTo("stale");
        assertThat(header(outage, "X-Proxy-Attempts")).isEqualTo("3");
        assertThat(header(outage, "Age")).isNotNull();
        JsonObject row = proxy.awaitLoggedRow(header(outage, "X-Request-Id"), Duration.ofSeconds(10));
        assertThat(row.getInt("status")).isEqualTo(200);
        assertThat(row.getString("reusedAs")).isEqualTo("stale");
        assertThat(row.getString("replayOf")).isEqualTo(header(first, "X-Request-Id"));
        assertThat(row.getJsonArray("attempts")).hasSize(3);
        assertThat(row.getJsonArray("attempts").getJsonObject(0).getString("outcome")).isEqualTo("SERVER_ERROR");

        // a question never answered before has nothing to stand in: the error, as always
        assertThat(proxy.post("/v1/chat/completions", "{\"model\":\"reuse-stale\",\"seed\":1,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Never asked\"}]}").statusCode()).isGreaterThanOrEqualTo(500);
    }

    @Test
    void aStreamThatCannotStartIsAnsweredWithTheEarlierStreamMarkedStale() {
        String first = streamed();
        StringBuilder text = new StringBuilder();
        String[] reused = new String[1];
        try (HttpResponseFor<StreamResponse<ChatCompletionChunk>> again = client.chat().completions()
                .withRawResponse().createStreaming(ask("reuse-stale-stream", "Tell me").temperature(0.0).build())) {
            reused[0] = header(again, "X-Proxy-Reused");
            again.parse().stream().forEach(chunk -> chunk.choices()
                    .forEach(choice -> choice.delta().content().ifPresent(text::append)));
        }
        assertThat(first).isEqualTo("Kept words.");
        assertThat(text).hasToString("Kept words.");
        assertThat(reused[0]).isEqualTo("stale");
    }

    private static String streamed() {
        StringBuilder text = new StringBuilder();
        try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions()
                .createStreaming(ask("reuse-stale-stream", "Tell me").temperature(0.0).build())) {
            stream.stream().forEach(chunk -> chunk.choices()
                    .forEach(choice -> choice.delta().content().ifPresent(text::append)));
        }
        return text.toString();
    }

    @Test
    void anAnswerThatAsksForAToolIsNeverGivenAgain() {
        int before = fault.calls("reuse-tool");
        for (int i = 0; i < 2; i++) {
            HttpResponseFor<ChatCompletion> answer = client.chat().completions().withRawResponse()
                    .create(ask("reuse-tools", "Look it up").temperature(0.0).build());
            assertThat(header(answer, "X-Proxy-Reused")).isNull();
        }
        assertThat(fault.calls("reuse-tool") - before).isEqualTo(2);
    }
}
