package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.proxy.ChatAnswers;
import dev.llmproxy.application.proxy.ReasoningDetails;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.routing.OutcomeClassifier;
import dev.llmproxy.domain.failure.Verdict;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.answer.Sent;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import dev.llmproxy.testing.RecordedBodies;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Anthropic's answers and errors in OpenAI's and the outcome table's terms. */
class AnthropicAnswersTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-03T12:00:00Z"), ZoneOffset.UTC);
    private final AnthropicWire wire = new AnthropicWire(CLOCK);
    private final UpstreamCall call = AnthropicCalls.to("{'model':'x','messages':[{'role':'user','content':'Hi'}]}");

    private static byte[] recorded(String name) {
        return RecordedBodies.body("anthropic", name).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void thinkingTextAndAToolCallBecomeReasoningContentAndToolCalls() {
        UpstreamReply.Completed c = (UpstreamReply.Completed) wire.answer(call, recorded("answer-thinking-tool.json"));
        JsonObject message = ((JsonObject) JsonCodec.read(ChatAnswers.body(c))).getJsonArray("choices").getJsonObject(0)
                .getJsonObject("message");
        assertThat(message.getString("content")).isEqualTo("Let me look that up.");
        assertThat(message.getString("reasoning_content")).startsWith("The user wants the weather");
        // every thinking block as Claude wrote it, signed, in the form OpenRouter gives them
        assertThat(ReasoningDetails.blocks(message)).singleElement().isEqualTo(JsonCodec.read("{\"type\":\"thinking\","
                + "\"thinking\":\"The user wants the weather in Paris. I should call the tool.\",\"signature\":"
                + "\"EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds\"}"));
        JsonObject function = message.getJsonArray("tool_calls").getJsonObject(0).getJsonObject("function");
        assertThat(function.getString("name")).isEqualTo("get_weather");
        assertThat(JsonCodec.read(function.getString("arguments"))).isEqualTo(JsonCodec.read(
                "{\"city\":\"Paris\",\"unit\":\"celsius\"}"));
        assertThat(c.finish()).isEqualTo(Finish.TOOL_CALLS);
        assertThat(c.answeredModel()).isEqualTo("claude-sonnet-4-5-20250929");
        // the whole prompt is the uncached part, the cache writes and the cache reads
        assertThat(c.usage().promptTokens()).isEqualTo(2212);
        assertThat(c.usage().cachedPromptTokens()).isEqualTo(1800);
        assertThat(c.usage().completionTokens()).isEqualTo(96);
        assertThat(((JsonObject) JsonCodec.read(ChatAnswers.body(c))).getJsonObject("usage")
                .getJsonObject("prompt_tokens_details")
                .getInt("cached_tokens")).isEqualTo(1800);
    }

    @Test
    void aPlainAnswerStopsAndARefusalIsTheContentPolicyRefusal() {
        UpstreamReply.Completed c = (UpstreamReply.Completed) wire.answer(call, recorded("answer-text.json"));
        assertThat(c.finish()).isEqualTo(Finish.STOP);
        assertThat(wire.answer(call, recorded("answer-refusal.json")))
                .isInstanceOfSatisfying(UpstreamReply.HttpError.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.bodyExcerpt()).startsWith(dev.llmproxy.infrastructure.upstream.HttpReplies.REFUSAL);
                });
        assertThat(wire.answer(call, "{\"content\":[{\"type\":\"text\",\"text\":\"cut".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(UpstreamReply.Failed.class);
    }

    @Test
    void overloadedIsTransientTooLongIsContextLengthAndA429WaitsForItsReset() {
        UpstreamReply.HttpError overloaded = wire.error(call, new ResponseHead(529, Map.of()), recorded("error-529.json"), CLOCK);
        assertThat(overloaded.status()).isEqualTo(503);
        UpstreamReply.HttpError tooLong = wire.error(call, new ResponseHead(400, Map.of()),
                recorded("error-400-too-long.json"), CLOCK);
        assertThat(tooLong.bodyExcerpt()).startsWith("context_length_exceeded: ");
        UpstreamReply.HttpError limited = wire.error(call, new ResponseHead(429, Map.of("retry-after", "7")),
                recorded("error-429.json"), CLOCK);
        assertThat(limited.retryAfter()).isEqualTo(Duration.ofSeconds(7));
        UpstreamReply.HttpError byReset = wire.error(call, new ResponseHead(429, Map.of(
                "anthropic-ratelimit-requests-remaining", "0",
                "anthropic-ratelimit-requests-reset", "2026-12-03T12:00:40Z",
                "anthropic-ratelimit-tokens-remaining", "5000",
                "anthropic-ratelimit-tokens-reset", "2026-12-03T12:00:02Z")), recorded("error-429.json"), CLOCK);
        assertThat(byReset.retryAfter()).isEqualTo(Duration.ofSeconds(40));
        assertThat(wire.error(call, new ResponseHead(401, Map.of()), recorded("error-401.json"), CLOCK).status())
                .isEqualTo(401);
    }

    @Test
    void aRetiredModelMovesOnAnInternalErrorIsRetriedAndATooLargeRequestTriesTheNextProvider() {
        Verdict retired = verdict(404, "error-404.json");
        assertThat(retired.action()).isEqualTo(Verdict.Action.NEXT);
        assertThat(retired.breakerFailure()).isTrue();
        assertThat(verdict(500, "error-500.json").action()).isEqualTo(Verdict.Action.RETRY_SAME);
        Verdict tooLarge = verdict(413, "error-413.json");
        assertThat(tooLarge.action()).isEqualTo(Verdict.Action.NEXT);
        assertThat(tooLarge.breakerFailure()).isFalse();
        assertThat(verdict(529, "error-529.json").action()).isEqualTo(Verdict.Action.RETRY_SAME);
    }

    /** What the outcome table, at its defaults, does with a recorded error answer. */
    private Verdict verdict(int status, String recordedBody) {
        return OutcomeClassifier.classify(wire.error(call, new ResponseHead(status, Map.of()), recorded(recordedBody),
                CLOCK), Settings.defaults().outcomes());
    }

    @Test
    void aMessagesCallerIsGivenClaudesMessageAsItCameAndAChatCallerOneWrittenFromTheTypedAnswer() {
        byte[] body = recorded("answer-thinking-tool.json");
        UpstreamReply.Completed c = (UpstreamReply.Completed) wire.answer(call, body);
        assertThat(Sent.in(c.chat().sent(), Sent.Dialect.MESSAGES)).isSameAs(body);
        assertThat(Sent.in(c.chat().sent(), Sent.Dialect.CHAT)).isNull();
        // an answer built from another API's (Bedrock's Converse) is not Claude's message as sent
        UpstreamReply.Completed built = (UpstreamReply.Completed) AnthropicWire.answer(call,
                (JsonObject) JsonCodec.read(body), java.time.Clock.systemUTC());
        assertThat(built.chat().sent()).isNull();
    }
}
