package dev.llmproxy.it;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
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
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl())
                .setting("firstTokenTimeoutMs", 2000).setting("streamIdleTimeoutMs", 2000)
                .prefillModel("sdk-cont")
                .tier("sdk-splice", "sdk-cut", "sdk-cont")
                .tier("sdk-broken", "sdk-cut")
                .tier("sdk-plain", "sdk-ok")
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
