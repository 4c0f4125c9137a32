package dev.llmproxy.it;

import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static dev.llmproxy.testing.OpenAiBodies.partialEvents;
import static org.assertj.core.api.Assertions.assertThat;

/** LangChain4j's OpenAI streaming model, pointed at the proxy, the way Java applications use it. */
class LangChain4jIT extends DeployedProxy {

    private static FaultUpstream fault;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("lc-cut", fault.stream(0, 5, Ending.CUT, partialEvents("lc-cut", "The answer", " is")));
        fault.on("lc-cont", fault.stream(0, 5, Ending.DONE, answerEvents("lc-cont", " forty-two.")));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl())
                .setting("firstTokenTimeoutMs", 2000).setting("streamIdleTimeoutMs", 2000)
                .prefillModel("lc-cont")
                .tier("lc-splice", "lc-cut", "lc-cont")
                .tier("lc-broken", "lc-cut")
                .build());
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    private static OpenAiStreamingChatModel model(String tier) {
        return OpenAiStreamingChatModel.builder().baseUrl(ProxyClient.BASE + "/v1")
                .apiKey("not-needed").modelName(tier).timeout(Duration.ofSeconds(30)).build();
    }

    /** Streams a question; the future ends as LangChain4j's handler is told the stream ended. */
    private static CompletableFuture<ChatResponse> ask(String tier, StringBuilder partials) {
        CompletableFuture<ChatResponse> done = new CompletableFuture<>();
        model(tier).chat("What is the answer?", new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(String text) {
                partials.append(text);
            }

            @Override
            public void onCompleteResponse(ChatResponse response) {
                done.complete(response);
            }

            @Override
            public void onError(Throwable error) {
                done.completeExceptionally(error);
            }
        });
        return done;
    }

    @Test
    void aStreamSplicedAcrossModelsIsOneCompleteAnswerWithUsage() throws Exception {
        StringBuilder partials = new StringBuilder();
        ChatResponse response = ask("lc-splice", partials).get(30, TimeUnit.SECONDS);
        assertThat(response.aiMessage().text()).isEqualTo("The answer is forty-two.");
        assertThat(partials).hasToString("The answer is forty-two.");
        assertThat(response.metadata().finishReason()).isNotNull();
        assertThat(response.tokenUsage()).isNotNull();
        assertThat(response.tokenUsage().outputTokenCount()).isPositive();
    }

    @Test
    void aStreamNoModelCouldFinishIsAnErrorNotAShortAnswer() {
        StringBuilder partials = new StringBuilder();
        CompletableFuture<ChatResponse> done = ask("lc-broken", partials);
        // an error, not the wait running out
        assertThat(done).failsWithin(Duration.ofSeconds(30)).withThrowableOfType(ExecutionException.class);
        assertThat(partials).hasToString("The answer is");
    }
}
