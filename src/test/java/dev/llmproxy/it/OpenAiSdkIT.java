package dev.llmproxy.it;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.HttpResponse;
import com.openai.core.http.HttpResponseFor;
import com.openai.core.http.StreamResponse;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionStreamOptions;
import com.openai.models.completions.CompletionUsage;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static dev.llmproxy.testing.OpenAiBodies.partialEvents;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The official OpenAI Java SDK, pointed at the proxy, the way applications use it. */
class OpenAiSdkIT extends DeployedProxy {

    private static FaultUpstream fault;
    private static OpenAIClient client;


    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("sdk-cut", fault.stream(0, 5, Ending.CUT, partialEvents("sdk-cut", "The answer", " is")));
        fault.on("sdk-cont", fault.stream(0, 5, Ending.DONE, answerEvents("sdk-cont", " forty-two.")));
        fault.on("sdk-ok", FaultUpstream.ok());
        fault.on("sdk-slow", fault.delayed(800, FaultUpstream.ok()));
        fault.on("sdk-slow-stream", fault.stream(800, 5, Ending.DONE, answerEvents("sdk-slow-stream", "Late.")));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl())
                .setting("firstTokenTimeoutMs", 2000).setting("streamIdleTimeoutMs", 2000)
                .prefillModel("sdk-cont")
                .tier("sdk-splice", "sdk-cut", "sdk-cont")
                .tier("sdk-broken", "sdk-cut")
                .tier("sdk-plain", "sdk-ok")
                .tier("sdk-overhead", "sdk-slow")
                .tier("sdk-overhead-stream", "sdk-slow-stream")
                .build());
        client = OpenAIOkHttpClient.builder().baseUrl(ProxyClient.BASE + "/v1").apiKey("not-needed").maxRetries(0).build();
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    private static ChatCompletionCreateParams.Builder ask(String tier) {
        return ChatCompletionCreateParams.builder().model(tier).addUserMessage("What is the answer?");
    }

    @Test
    void nonStreamingAnswer() {
        ChatCompletion c = client.chat().completions().create(ask("sdk-plain").build());
        assertThat(c.choices().get(0).message().content()).hasValue("answer from sdk-ok");
        assertThat(c.model()).isEqualTo("sdk-ok");
    }

    @Test
    void streamedAnswerSplicedAcrossModelsIsOneAnswerWithUsage() {
        StringBuilder text = new StringBuilder();
        List<CompletionUsage> usage = new ArrayList<>();
        List<String> models = new ArrayList<>();
        try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions().createStreaming(ask("sdk-splice")
                .streamOptions(ChatCompletionStreamOptions.builder().includeUsage(true).build()).build())) {
            stream.stream().forEach(chunk -> {
                models.add(chunk.model());
                chunk.choices().forEach(choice -> choice.delta().content().ifPresent(text::append));
                chunk.usage().ifPresent(usage::add);
            });
        }
        assertThat(text).hasToString("The answer is forty-two.");
        assertThat(models.get(0)).isEqualTo("sdk-cut");
        assertThat(usage).hasSize(1);
        assertThat(usage.get(0).completionTokens()).isPositive();
    }

    /** Each answer says the proxy's own time, its provider's 800 ms left out, whole or streamed. */
    @Test
    void everyAnswerSaysTheProxysOwnTimeWithoutItsProvidersTime() {
        long started = System.nanoTime();
        HttpResponseFor<ChatCompletion> whole = client.chat().completions().withRawResponse().create(ask("sdk-overhead")
                .build());
        double tookMs = (System.nanoTime() - started) / 1e6;
        assertThat(whole.parse().model()).isEqualTo("sdk-slow");
        assertThat(tookMs).isGreaterThan(800);
        assertThat(overheadMs(whole)).isBetween(0.0, tookMs - 700);

        started = System.nanoTime();
        try (HttpResponseFor<StreamResponse<ChatCompletionChunk>> streamed = client.chat().completions()
                .withRawResponse().createStreaming(ask("sdk-overhead-stream").build())) {
            double firstByteMs = (System.nanoTime() - started) / 1e6;
            assertThat(overheadMs(streamed)).isBetween(0.0, firstByteMs - 700);
            StringBuilder text = new StringBuilder();
            streamed.parse().stream().forEach(chunk -> chunk.choices()
                    .forEach(choice -> choice.delta().content().ifPresent(text::append)));
            assertThat(text).hasToString("Late.");
        }

        HttpResponseFor<ChatCompletion> plain = client.chat().completions().withRawResponse().create(ask("sdk-plain")
                .build());
        assertThat(overheadMs(plain)).isGreaterThanOrEqualTo(0.0);
    }

    private static double overheadMs(HttpResponse response) {
        List<String> values = response.headers().values("X-Proxy-Overhead-Ms");
        assertThat(values).hasSize(1);
        return Double.parseDouble(values.get(0));
    }

    @Test
    void brokenStreamIsAnErrorForTheSdkNotASilentlyShortAnswer() {
        StringBuilder text = new StringBuilder();
        assertThatThrownBy(() -> {
            try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions()
                    .createStreaming(ask("sdk-broken").build())) {
                stream.stream().forEach(chunk -> chunk.choices()
                        .forEach(choice -> choice.delta().content().ifPresent(text::append)));
            }
        }).hasMessageContaining("broke off");
        assertThat(text).hasToString("The answer is");
    }
}
