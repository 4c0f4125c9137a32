package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.proxy.ToolCallIds;
import dev.llmproxy.application.proxy.ChatAnswers;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.testing.GeminiBodies;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/** Gemini's whole answers, as the caller receives them: an OpenAI chat completion, or the refusal or failure. */
class GeminiAnswersTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);

    private static UpstreamReply answer(String file, String model) {
        return GeminiAnswers.completion(GeminiCalls.to(model), GeminiBodies.body(file).getBytes(StandardCharsets.UTF_8), CLOCK);
    }

    private static JsonObject body(UpstreamReply reply) {
        return (JsonObject) JsonCodec.read(ChatAnswers.body((UpstreamReply.Completed) reply));
    }

    @Test
    void thoughtsGoToReasoningContentAndAreCountedAsReasoningTokens() {
        UpstreamReply reply = answer("answer-thinking.json", "gemini-2.5-flash");
        assertThat(reply).isInstanceOf(UpstreamReply.Completed.class);
        UpstreamReply.Completed c = (UpstreamReply.Completed) reply;
        assertThat(c.answeredModel()).isEqualTo("gemini-2.5-flash");
        assertThat(c.finish()).isEqualTo(Finish.STOP);
        assertThat(c.usage()).isEqualTo(new TokenUsage(14, 900, 914, 852));
        assertThat(body(reply)).isEqualTo(JsonCodec.read("""
                {"id":"chatcmpl-Yl4uaPr4L5nvz7IP2K-h6AY","object":"chat.completion","created":1796205600,
                 "model":"gemini-2.5-flash","choices":[{"index":0,"message":{"role":"assistant",
                   "content":"Occam's Razor says that among competing explanations, the simplest one is usually right. Example: your lawn is wet in the morning. It probably rained overnight.",
                   "reasoning_content":"**Defining the principle**\\n\\nThe user wants Occam's Razor explained with an everyday example..."},
                   "finish_reason":"stop"}],
                 "usage":{"prompt_tokens":14,"completion_tokens":900,"total_tokens":914,
                   "completion_tokens_details":{"reasoning_tokens":852}}}"""));
    }

    @Test
    void aFunctionCallIsAToolCallWhoseIdCarriesTheSignature() {
        UpstreamReply.Completed typed = (UpstreamReply.Completed) answer("answer-tool-call.json", "gemini-3-flash-preview");
        assertThat(typed.finish()).isEqualTo(Finish.TOOL_CALLS);
        JsonObject message = body(typed).getJsonArray("choices").getJsonObject(0).getJsonObject("message");
        assertThat(message.isNull("content")).isTrue();
        JsonObject call = message.getJsonArray("tool_calls").getJsonObject(0);
        assertThat(call.getString("type")).isEqualTo("function");
        assertThat(call.getJsonObject("function").getString("name")).isEqualTo("get_weather");
        assertThat(JsonCodec.read(call.getJsonObject("function").getString("arguments")))
                .isEqualTo(JsonCodec.read("{\"city\":\"Paris\",\"unit\":\"celsius\"}"));
        assertThat(ToolCallIds.signatureOf(call.getString("id"))).isEqualTo("CiIBVKhc7oQmX1k1c2lnbmF0dXJl");
        // typed, the signature is the call's own field and its id only an id: the chat door carries one in the other
        ToolCall answered = typed.chat().message().toolCalls().get(0);
        assertThat(answered.signature()).isEqualTo("CiIBVKhc7oQmX1k1c2lnbmF0dXJl");
        assertThat(answered.id()).startsWith("call_").doesNotContain("CiIB");
        assertThat(ToolCallIds.bare(call.getString("id"))).isEqualTo(answered.id());
    }

    @Test
    void anOutputBudgetSpentOnThinkingIsATruncatedEmptyAnswer() {
        UpstreamReply.Completed c = (UpstreamReply.Completed) answer("answer-max-tokens-thinking.json", "gemini-2.5-pro");
        assertThat(c.finish()).isEqualTo(Finish.LENGTH);
        assertThat(c.usage().reasoningTokens()).isEqualTo(99);
        assertThat(body(c).getJsonArray("choices").getJsonObject(0).getJsonObject("message").getString("content")).isEmpty();
    }

    @Test
    void aBlockedPromptAndASafetyStopAreContentRefusals() {
        for (String file : new String[]{"answer-prompt-blocked.json", "answer-safety.json"}) {
            UpstreamReply reply = answer(file, "gemini-2.5-flash");
            assertThat(reply).isInstanceOf(UpstreamReply.HttpError.class);
            UpstreamReply.HttpError e = (UpstreamReply.HttpError) reply;
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.bodyExcerpt()).startsWith("content_filter: ").contains("SAFETY");
        }
    }

    @Test
    void anUnusableAnswerIsAFailedAttempt() {
        String malformedCall = "{\"candidates\":[{\"content\":{\"parts\":[]},\"finishReason\":\"MALFORMED_FUNCTION_CALL\"}]}";
        UpstreamReply reply = GeminiAnswers.completion(GeminiCalls.to("gemini-2.5-flash"),
                malformedCall.getBytes(StandardCharsets.UTF_8), CLOCK);
        assertThat(reply).isEqualTo(new UpstreamReply.Failed(FailureKind.MALFORMED, "finishReason MALFORMED_FUNCTION_CALL"));
        assertThat(GeminiAnswers.completion(GeminiCalls.to("gemini-2.5-flash"), "{\"candidates\":[".getBytes(StandardCharsets.UTF_8), CLOCK))
                .isInstanceOf(UpstreamReply.Failed.class);
        assertThat(GeminiAnswers.completion(GeminiCalls.to("gemini-2.5-flash"), "{}".getBytes(StandardCharsets.UTF_8), CLOCK))
                .isEqualTo(new UpstreamReply.Failed(FailureKind.MALFORMED, "no candidates"));
    }
}
