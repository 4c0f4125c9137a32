package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.answer.AnswerChoice;
import dev.llmproxy.domain.answer.AnswerMessage;
import dev.llmproxy.domain.answer.ChatAnswer;
import dev.llmproxy.domain.conversation.Thinking;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ChatAnswersTest {

    private static JsonObject json(String s) {
        return (JsonObject) JsonCodec.read(s.replace('\'', '"'));
    }

    @Test
    void aChatAnswerIsReadOnceAndAChatCallerGetsItsBytesUnchanged() {
        String sent = ("{'id':'chatcmpl-9','object':'chat.completion','created':7,'model':'gpt-x','system_fingerprint':"
                + "'fp_1','choices':[{'index':0,'message':{'role':'assistant','content':null,'refusal':'No.',"
                + "'reasoning_content':'hm','tool_calls':[{'id':'call_1','type':'function','function':{'name':'f',"
                + "'arguments':'{}'}}]},'finish_reason':'tool_calls','logprobs':null}],'service_tier':'default'}")
                .replace('\'', '"');
        byte[] bytes = sent.getBytes(StandardCharsets.UTF_8);
        ChatAnswer answer = ChatAnswers.read((JsonObject) JsonCodec.read(bytes), bytes);

        assertThat(answer.id()).isEqualTo("chatcmpl-9");
        assertThat(answer.created()).isEqualTo(7);
        assertThat(answer.choices()).singleElement().extracting(AnswerChoice::finish).isEqualTo(Finish.TOOL_CALLS);
        assertThat(answer.message()).isEqualTo(new AnswerMessage("", "No.", "hm", List.of(),
                List.of(new ToolCall("call_1", "f", "{}"))));
        // fields the proxy does not know (a fingerprint, a service tier, logprobs) reach a chat caller as they came
        assertThat(ChatAnswers.body(new UpstreamReply.Completed(answer, "gpt-x", Finish.TOOL_CALLS, TokenUsage.NONE)))
                .isEqualTo(bytes);
    }

    @Test
    void aTranslatedAnswerIsWrittenForAChatCallerWithClaudesThinkingCarried() {
        Thinking signed = Thinking.signed("Let me think.", "sig");
        AnswerMessage message = new AnswerMessage("", "", "Let me think.", List.of(signed, Thinking.redacted("xyz")),
                List.of(new ToolCall("toolu_1", "weather", "{\"city\":\"Paris\"}"), new ToolCall("toolu_2", "t", "{}")));
        ChatAnswer answer = new ChatAnswer("msg_1", 42, List.of(new AnswerChoice(message, Finish.TOOL_CALLS)), null);

        JsonObject written = (JsonObject) JsonCodec.read(ChatAnswers.body(new UpstreamReply.Completed(answer,
                "claude-x", Finish.TOOL_CALLS, new TokenUsage(10, 2, 12))));

        assertThat(written.getString("id")).isEqualTo("chatcmpl-msg_1");
        assertThat(written.getInt("created")).isEqualTo(42);
        assertThat(written.getString("model")).isEqualTo("claude-x");
        assertThat(written.getJsonObject("usage")).isEqualTo(json("{'prompt_tokens':10,'completion_tokens':2,"
                + "'total_tokens':12}"));
        JsonObject m = written.getJsonArray("choices").getJsonObject(0).getJsonObject("message");
        assertThat(m.isNull("content")).isTrue(); // only tool calls: content is null, as OpenAI writes it
        assertThat(m.getString("reasoning_content")).isEqualTo("Let me think.");
        // the blocks come back typed as they went out, from reasoning_details and from the first call's id alike
        assertThat(ThinkingBlocks.of(ReasoningDetails.blocks(m))).containsExactly(signed, Thinking.redacted("xyz"));
        String firstId = m.getJsonArray("tool_calls").getJsonObject(0).getString("id");
        assertThat(CarriedThinking.bare(firstId)).isEqualTo("toolu_1");
        assertThat(ThinkingBlocks.of(CarriedThinking.carried(firstId))).containsExactly(signed, Thinking.redacted("xyz"));
        assertThat(m.getJsonArray("tool_calls").getJsonObject(1).getString("id")).isEqualTo("toolu_2");
        // and what was written reads back as the same answer
        assertThat(ChatAnswers.read(written, null).message().thinking()).containsExactly(signed, Thinking.redacted("xyz"));
    }

    @Test
    void anAnswerWithoutUsageIsWrittenWithoutIt() {
        ChatAnswer answer = new ChatAnswer("r", 1, List.of(new AnswerChoice(AnswerMessage.text("hi"), Finish.STOP),
                new AnswerChoice(AnswerMessage.text("hello"), Finish.LENGTH)), null);
        JsonObject written = (JsonObject) JsonCodec.read(ChatAnswers.body(new UpstreamReply.Completed(answer, "g",
                Finish.STOP, TokenUsage.NONE)));
        assertThat(written.containsKey("usage")).isFalse();
        assertThat(written.getJsonArray("choices").getJsonObject(1).getJsonObject("message").getString("content"))
                .isEqualTo("hello");
        assertThat(written.getJsonArray("choices").getJsonObject(1).getString("finish_reason")).isEqualTo("length");
    }
}
