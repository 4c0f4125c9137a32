package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.proxy.ChatAnswers;
import dev.llmproxy.application.proxy.ToolCallIds;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.proxy.ReasoningDetails;
import dev.llmproxy.domain.answer.AnswerChoice;
import dev.llmproxy.domain.answer.AnswerMessage;
import dev.llmproxy.domain.answer.ChatAnswer;
import dev.llmproxy.domain.answer.Sent;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class MessagesAnswersTest {

    private static UpstreamReply.Completed completion(String message, String finish, TokenUsage usage) {
        String body = ("{'id':'chatcmpl-1','object':'chat.completion','model':'gpt-x','choices':[{'index':0,"
                + "'message':" + message + ",'finish_reason':'" + finish + "'}]}").replace('\'', '"');
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return new UpstreamReply.Completed(ChatAnswers.read((JsonObject) JsonCodec.read(bytes), bytes), "gpt-x", Finish.ofChat(finish),
                usage);
    }

    @Test
    void reasoningTextAndToolCallsBecomeBlocksInAnthropicsOrder() {
        JsonObject m = MessagesAnswers.of(completion("{'role':'assistant','content':'Let me check.',"
                + "'reasoning_content':'The user wants weather.','tool_calls':[{'id':'call_1','type':'function',"
                + "'function':{'name':'weather','arguments':'{\\'city\\':\\'Paris\\'}'}}]}", "tool_calls",
                new TokenUsage(100, 20, 120, 5, 40)), "req_abc");
        assertThat(m.getString("id")).isEqualTo("msg_abc");
        assertThat(m.getString("type")).isEqualTo("message");
        assertThat(m.getString("model")).isEqualTo("gpt-x");
        JsonArray content = m.getJsonArray("content");
        assertThat(content.getJsonObject(0).getString("type")).isEqualTo("thinking");
        assertThat(content.getJsonObject(0).getString("thinking")).isEqualTo("The user wants weather.");
        assertThat(content.getJsonObject(1).getString("text")).isEqualTo("Let me check.");
        JsonObject tool = content.getJsonObject(2);
        assertThat(tool.getString("type")).isEqualTo("tool_use");
        assertThat(tool.getString("id")).isEqualTo("call_1");
        assertThat(tool.getJsonObject("input").getString("city")).isEqualTo("Paris");
        assertThat(m.getString("stop_reason")).isEqualTo("tool_use");
        JsonObject usage = m.getJsonObject("usage");
        assertThat(usage.getInt("input_tokens")).as("the uncached part").isEqualTo(60);
        assertThat(usage.getInt("cache_read_input_tokens")).isEqualTo(40);
        assertThat(usage.getInt("output_tokens")).isEqualTo(20);
    }

    @Test
    void aCallsSignatureTravelsInItsToolUseIdForTheCallerToHandBack() {
        String id = ToolCallIds.carry("call_7", "CiIBsig==");
        JsonObject m = MessagesAnswers.of(completion("{'role':'assistant','content':null,'tool_calls':[{'id':'" + id
                + "','type':'function','function':{'name':'f','arguments':'{}'}}]}", "tool_calls", TokenUsage.NONE),
                "req_abc");
        String written = m.getJsonArray("content").getJsonObject(0).getString("id");
        assertThat(ToolCallIds.bare(written)).isEqualTo("call_7");
        assertThat(ToolCallIds.signatureOf(written)).isEqualTo("CiIBsig==");
    }

    @Test
    void stopReasonsInAnthropicsWords() {
        assertThat(MessagesWire.stopReason(Finish.STOP)).isEqualTo("end_turn");
        assertThat(MessagesWire.stopReason(Finish.LENGTH)).isEqualTo("max_tokens");
        assertThat(MessagesWire.stopReason(Finish.TOOL_CALLS)).isEqualTo("tool_use");
        assertThat(MessagesWire.stopReason(Finish.CONTENT_FILTER)).isEqualTo("refusal");
        assertThat(MessagesWire.stopReason(Finish.REFUSAL)).isEqualTo("refusal");
        assertThat(MessagesWire.stopReason(null)).isEqualTo("end_turn");
    }

    @Test
    void argumentsThatAreNoObjectAreKeptAsText() {
        assertThat(MessagesAnswers.input("[1,2]").getString("arguments")).isEqualTo("[1,2]");
        assertThat(MessagesAnswers.input("not json").getString("arguments")).isEqualTo("not json");
        assertThat(MessagesAnswers.input("")).isEmpty();
    }

    @Test
    void errorsInAnthropicsShapeWithOverloadedWhenNoModelCanTakeTheRequest() {
        JsonObject body = MessagesErrors.body(ProxyError.of(ErrorKind.UNAVAILABLE, "Every model is unavailable."),
                "req_1");
        assertThat(body.getString("type")).isEqualTo("error");
        assertThat(body.getJsonObject("error").getString("type")).isEqualTo("overloaded_error");
        assertThat(body.getString("request_id")).isEqualTo("req_1");
        assertThat(MessagesErrors.status(ErrorKind.UNAVAILABLE)).isEqualTo(529);
        assertThat(MessagesErrors.type(ErrorKind.BAD_REQUEST)).isEqualTo("invalid_request_error");
        assertThat(MessagesErrors.type(ErrorKind.INVALID_API_KEY)).isEqualTo("authentication_error");
        assertThat(MessagesErrors.type(ErrorKind.NOT_PERMITTED)).isEqualTo("permission_error");
        assertThat(MessagesErrors.type(ErrorKind.NOT_FOUND)).isEqualTo("not_found_error");
        assertThat(MessagesErrors.type(ErrorKind.PAYLOAD_TOO_LARGE)).isEqualTo("request_too_large");
        assertThat(MessagesErrors.type(ErrorKind.RATE_LIMITED)).isEqualTo("rate_limit_error");
        assertThat(MessagesErrors.type(ErrorKind.BUDGET_EXCEEDED)).isEqualTo("rate_limit_error");
        assertThat(MessagesErrors.type(ErrorKind.UPSTREAM_FAILED)).isEqualTo("api_error");
        assertThat(MessagesErrors.status(ErrorKind.UPSTREAM_FAILED)).isEqualTo(502);
    }

    @Test
    void claudesSignedThinkingComesBackAsItsOwnBlocksAndTheToolUseHasClaudesId() {
        JsonArray signed = (JsonArray) JsonCodec.read("[{\"type\":\"thinking\",\"thinking\":\"Weather tool.\","
                + "\"signature\":\"EqQBsig\"},{\"type\":\"redacted_thinking\",\"data\":\"EmwKAhgB\"}]");
        String id = CarriedThinking.carry("toolu_01A", signed);
        JsonObject m = MessagesAnswers.of(completion("{'role':'assistant','content':null,'reasoning_content':"
                + "'Weather tool.','reasoning_details':" + ReasoningDetails.of(signed).toString().replace('"', '\'')
                + ",'tool_calls':[{'id':'" + id + "','type':'function','function':{'name':'weather',"
                + "'arguments':'{}'}}]}", "tool_calls", new TokenUsage(2100, 20, 2120, null, 0, 2048)), "req_abc");
        JsonArray content = m.getJsonArray("content");
        assertThat(content.getJsonObject(0)).isEqualTo(signed.getJsonObject(0));
        assertThat(content.getJsonObject(1)).isEqualTo(signed.getJsonObject(1));
        assertThat(content.getJsonObject(2).getString("id")).isEqualTo("toolu_01A");
        JsonObject usage = m.getJsonObject("usage");
        assertThat(usage.getInt("input_tokens")).isEqualTo(52);
        assertThat(usage.getInt("cache_creation_input_tokens")).isEqualTo(2048);
    }

    @Test
    void claudesSignedThinkingBeforeAPlainAnswerIsSignedToo() {
        JsonArray signed = (JsonArray) JsonCodec.read("[{\"type\":\"thinking\",\"thinking\":\"Easy.\","
                + "\"signature\":\"EqQBsig\"}]");
        JsonObject m = MessagesAnswers.of(completion("{'role':'assistant','content':'Paris.','reasoning_content':"
                + "'Easy.','reasoning_details':" + ReasoningDetails.of(signed).toString().replace('"', '\'') + "}",
                "stop", TokenUsage.NONE), "req_abc");
        assertThat(m.getJsonArray("content").getJsonObject(0)).isEqualTo(signed.getJsonObject(0));
        assertThat(m.getJsonArray("content").getJsonObject(1).getString("text")).isEqualTo("Paris.");
    }

    @Test
    void claudesOwnMessageReachesAMessagesCallerByteForByteAndAnyOtherIsWritten() {
        byte[] claudes = ("{'id':'msg_01','type':'message','content':[{'type':'text','text':'Hi','citations':[]}],"
                + "'stop_sequence':'END'}").replace('\'', '"').getBytes(StandardCharsets.UTF_8);
        AnswerMessage message = AnswerMessage.text("Hi");
        UpstreamReply.Completed sent = new UpstreamReply.Completed(new ChatAnswer("msg_01", 0,
                List.of(new AnswerChoice(message, Finish.STOP)), new Sent(Sent.Dialect.MESSAGES, claudes)), "claude", Finish.STOP,
                TokenUsage.NONE);
        assertThat(MessagesAnswers.body(sent, "req_1")).isSameAs(claudes);

        UpstreamReply.Completed other = new UpstreamReply.Completed(new ChatAnswer("x", 0,
                List.of(new AnswerChoice(message, Finish.STOP)), new Sent(Sent.Dialect.CHAT, "{}".getBytes())), "gpt",
                Finish.STOP,
                TokenUsage.NONE);
        JsonObject written = (JsonObject) JsonCodec.read(MessagesAnswers.body(other, "req_1"));
        assertThat(written.getString("id")).isEqualTo("msg_1");
        assertThat(written.getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo("Hi");
    }
}
