package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.proxy.ThinkingBlocks;
import dev.llmproxy.domain.answer.AnswerChoice;
import dev.llmproxy.domain.answer.AnswerMessage;
import dev.llmproxy.domain.answer.ChatAnswer;
import dev.llmproxy.domain.conversation.Thinking;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ResponsesAnswersTest {

    @Test
    void claudesThinkingTravelsWithTheFirstCallIdSoThatItComesBackWithTheCallsOutput() {
        Thinking signed = Thinking.signed("I should call the tool.", "sig");
        AnswerMessage message = new AnswerMessage("Let me look.", "", "I should call the tool.", List.of(signed),
                List.of(new ToolCall("toolu_1", "weather", "{\"city\":\"Paris\"}")));
        UpstreamReply.Completed reply = new UpstreamReply.Completed(new ChatAnswer("msg_1", 0,
                List.of(new AnswerChoice(message, Finish.TOOL_CALLS)), null), "claude", Finish.TOOL_CALLS, TokenUsage.NONE);

        ResponsesAnswers.Answer answer = ResponsesAnswers.of(reply, "req_1", 0,
                (JsonObject) JsonCodec.read("{\"model\":\"t\",\"input\":\"Weather?\"}"));

        JsonObject call = answer.response().getJsonArray("output").stream().map(JsonObject.class::cast)
                .filter(o -> o.getString("type").equals("function_call")).findFirst().orElseThrow();
        assertThat(CarriedThinking.bare(call.getString("call_id"))).isEqualTo("toolu_1");
        assertThat(ThinkingBlocks.of(CarriedThinking.carried(call.getString("call_id")))).containsExactly(signed);
        // the stored turn that a continuation replays holds the same id
        assertThat(answer.assistant().getJsonArray("tool_calls").getJsonObject(0).getString("id"))
                .isEqualTo(call.getString("call_id"));
    }
}
