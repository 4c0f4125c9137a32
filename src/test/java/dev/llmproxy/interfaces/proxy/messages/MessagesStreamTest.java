package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.proxy.ChatDeltas;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.answer.Sent;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.conversation.Thinking;
import dev.llmproxy.domain.streaming.DeltaParts;
import dev.llmproxy.domain.streaming.SentEvent;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.streaming.ToolFragment;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class MessagesStreamTest {

    private final MessagesStream stream = new MessagesStream("req_42");
    private final List<String> types = new ArrayList<>();
    private final List<JsonObject> data = new ArrayList<>();

    private void read(byte[] bytes) {
        for (String event : new String(bytes, StandardCharsets.UTF_8).split("\n\n")) {
            if (event.isEmpty()) {
                continue;
            }
            String[] lines = event.split("\n");
            assertThat(lines[0]).startsWith("event: ");
            assertThat(lines[1]).startsWith("data: ");
            types.add(lines[0].substring(7));
            JsonObject d = (JsonObject) JsonCodec.read(lines[1].substring(6));
            assertThat(d.getString("type")).isEqualTo(lines[0].substring(7));
            data.add(d);
        }
    }

    private static StreamEvent text(String t) {
        return new StreamEvent(t, null);
    }

    private static StreamEvent delta(String json, String finish) {
        String delta = json.replace('\'', '"');
        return new StreamEvent("", Finish.ofChat(finish), ChatDeltas.parts((JsonObject) JsonCodec.read(delta)));
    }

    @Test
    void thinkingTextAndToolCallsAreBlocksOpenedFilledAndStoppedInTurn() {
        read(stream.open("gpt-x"));
        read(stream.event(delta("{'reasoning_content':'hmm'}", null)));
        read(stream.event(text("Hel")));
        read(stream.event(text("lo")));
        read(stream.event(delta("{'tool_calls':[{'index':0,'id':'call_1','type':'function','function':"
                + "{'name':'f','arguments':'{\\'a\\':'}}]}", null)));
        read(stream.event(delta("{'tool_calls':[{'index':0,'function':{'arguments':'1}'}}]}", null)));
        read(stream.event(delta("{'tool_calls':[{'index':1,'id':'call_2','type':'function','function':"
                + "{'name':'g','arguments':'{}'}}]}", null)));
        read(stream.event(delta("{}", "tool_calls")));
        read(stream.finish(new TokenUsage(10, 7, 17)));

        assertThat(types).containsExactly("message_start", "ping",
                "content_block_start", "content_block_delta", "content_block_stop",
                "content_block_start", "content_block_delta", "content_block_delta", "content_block_stop",
                "content_block_start", "content_block_delta", "content_block_delta", "content_block_stop",
                "content_block_start", "content_block_delta", "content_block_stop",
                "message_delta", "message_stop");
        JsonObject message = data.get(0).getJsonObject("message");
        assertThat(message.getString("id")).isEqualTo("msg_42");
        assertThat(message.getString("model")).isEqualTo("gpt-x");
        assertThat(data.get(2).getJsonObject("content_block").getString("type")).isEqualTo("thinking");
        assertThat(data.get(3).getJsonObject("delta").getString("thinking")).isEqualTo("hmm");
        assertThat(data.get(5).getInt("index")).isEqualTo(1);
        assertThat(data.get(7).getJsonObject("delta").getString("text")).isEqualTo("lo");
        JsonObject tool = data.get(9).getJsonObject("content_block");
        assertThat(tool.getString("type")).isEqualTo("tool_use");
        assertThat(tool.getString("id")).isEqualTo("call_1");
        assertThat(data.get(10).getJsonObject("delta").getString("partial_json")).isEqualTo("{\"a\":");
        assertThat(data.get(11).getJsonObject("delta").getString("partial_json")).isEqualTo("1}");
        assertThat(data.get(13).getJsonObject("content_block").getString("name")).isEqualTo("g");
        assertThat(data.get(13).getInt("index")).isEqualTo(3);
        JsonObject end = data.get(16);
        assertThat(end.getJsonObject("delta").getString("stop_reason")).isEqualTo("tool_use");
        assertThat(end.getJsonObject("usage").getInt("output_tokens")).isEqualTo(7);
        assertThat(end.getJsonObject("usage").getInt("input_tokens")).isEqualTo(10);
    }

    @Test
    void aLengthStopIsMaxTokens() {
        read(stream.open("m"));
        read(stream.event(new StreamEvent("abc", Finish.LENGTH)));
        read(stream.finish(TokenUsage.NONE));
        assertThat(data.get(data.size() - 2).getJsonObject("delta").getString("stop_reason")).isEqualTo("max_tokens");
        assertThat(data.get(data.size() - 2).getJsonObject("usage").getInt("output_tokens")).isZero();
    }

    @Test
    void aBreakIsAnErrorEventInAnthropicsShape() {
        read(stream.open("m"));
        read(stream.error(ProxyError.of(ErrorKind.STREAM_INTERRUPTED, "The answer broke off.")));
        assertThat(types.get(types.size() - 1)).isEqualTo("error");
        JsonObject error = data.get(data.size() - 1).getJsonObject("error");
        assertThat(error.getString("type")).isEqualTo("api_error");
        assertThat(error.getString("message")).isEqualTo("The answer broke off.");
    }

    @Test
    void eachThinkingBlockIsSignedAsItEndsThoughTextComesBeforeTheToolCall() {
        read(stream.open("claude-sonnet-4-5"));
        read(stream.event(delta("{'reasoning_content':'hmm'}", null)));
        read(stream.event(new StreamEvent("", null, DeltaParts.signed("EqQBsig", 0))));
        read(stream.event(text("Let me look.")));
        read(stream.event(new StreamEvent("", null, DeltaParts.toolCalls(List.of(new ToolFragment(0, "toolu_01A", "f",
                "{}", null, List.of(Thinking.signed("hmm", "EqQBsig"))))))));
        read(stream.finish(TokenUsage.NONE));

        assertThat(types).containsExactly("message_start", "ping",
                "content_block_start", "content_block_delta", "content_block_delta", "content_block_stop",
                "content_block_start", "content_block_delta", "content_block_stop",
                "content_block_start", "content_block_delta", "content_block_stop",
                "message_delta", "message_stop");
        assertThat(data.get(4).getJsonObject("delta")).isEqualTo(JsonCodec.read(
                "{\"type\":\"signature_delta\",\"signature\":\"EqQBsig\"}"));
        assertThat(data.get(4).getInt("index")).isZero();
        assertThat(data.get(6).getJsonObject("content_block").getString("type")).isEqualTo("text");
        assertThat(data.get(9).getJsonObject("content_block").getString("id")).isEqualTo("toolu_01A");
    }

    @Test
    void redactedThinkingIsABlockOfItsOwnAndAThinkingBlockThatShowedNoTextIsStillSigned() {
        read(stream.open("claude-sonnet-4-5"));
        read(stream.event(new StreamEvent("", null, DeltaParts.redacted("EmwKAhgB", 0))));
        read(stream.event(new StreamEvent("", null, DeltaParts.signed("EqQBsig", 1))));
        read(stream.event(text("Hi")));

        assertThat(types).containsExactly("message_start", "ping",
                "content_block_start", "content_block_stop",
                "content_block_start", "content_block_delta", "content_block_stop",
                "content_block_start", "content_block_delta");
        assertThat(data.get(2).getJsonObject("content_block")).isEqualTo(JsonCodec.read(
                "{\"type\":\"redacted_thinking\",\"data\":\"EmwKAhgB\"}"));
        assertThat(data.get(4).getJsonObject("content_block").getString("type")).isEqualTo("thinking");
        assertThat(data.get(5).getJsonObject("delta").getString("signature")).isEqualTo("EqQBsig");
        assertThat(data.get(7).getInt("index")).isEqualTo(2);
    }

    @Test
    void anotherProvidersEncryptedReasoningIsNotTakenForClaudes() {
        read(stream.open("m"));
        read(stream.event(delta("{\"reasoning_details\":[{\"type\":\"reasoning.encrypted\",\"data\":\"x\","
                + "\"format\":\"openai-responses-v1\",\"index\":0}]}", null)));
        assertThat(types).containsExactly("message_start", "ping");
    }

    /** Claude's events, as they came, with the typed event the proxy read from the last of them. */
    private static StreamEvent claude(StreamEvent typed, String... events) {
        List<SentEvent> sent = new ArrayList<>();
        for (String e : events) {
            JsonObject o = (JsonObject) JsonCodec.read(e.replace('\'', '"'));
            sent.add(new SentEvent(Sent.Dialect.MESSAGES, o.getString("type"), o.getInt("index", -1),
                    JsonCodec.writeText(o)));
        }
        return new StreamEvent(typed.text(), typed.finish(), null, typed.parts(), sent);
    }

    @Test
    void claudesBlocksGoAsClaudeSentThemCitationsAndStopSequenceIncluded() {
        read(stream.open("claude-x"));
        read(stream.event(claude(text("The grass"), "{'type':'message_start','message':{'id':'msg_1'}}",
                "{'type':'content_block_start','index':0,'content_block':{'type':'text','text':'','citations':[]}}",
                "{'type':'content_block_delta','index':0,'delta':{'type':'text_delta','text':'The grass'}}")));
        read(stream.event(claude(text(""), "{'type':'content_block_delta','index':0,'delta':{'type':"
                + "'citations_delta','citation':{'type':'char_location','cited_text':'green','document_index':0}}}",
                "{'type':'content_block_stop','index':0}",
                "{'type':'content_block_start','index':1,'content_block':{'type':'server_tool_use','id':'srvtoolu_1',"
                        + "'name':'web_search','input':{}}}",
                "{'type':'content_block_stop','index':1}",
                "{'type':'message_delta','delta':{'stop_reason':'stop_sequence','stop_sequence':'END'},"
                        + "'usage':{'output_tokens':9}}",
                "{'type':'message_stop'}")));
        read(stream.finish(new TokenUsage(10, 9, 19, null, null, null)));
        assertThat(types).containsExactly("message_start", "ping", "content_block_start", "content_block_delta",
                "content_block_delta", "content_block_stop", "content_block_start", "content_block_stop",
                "message_delta", "message_stop");
        assertThat(data.get(2).getJsonObject("content_block").getJsonArray("citations")).isEmpty();
        assertThat(data.get(4).getJsonObject("delta").getJsonObject("citation").getString("cited_text"))
                .isEqualTo("green");
        assertThat(data.get(6).getJsonObject("content_block").getString("type")).isEqualTo("server_tool_use");
        JsonObject end = data.get(8);
        assertThat(end.getJsonObject("delta").getString("stop_reason")).isEqualTo("stop_sequence");
        assertThat(end.getJsonObject("delta").getString("stop_sequence")).isEqualTo("END");
        assertThat(end.getJsonObject("usage").getInt("output_tokens")).isEqualTo(9);
        assertThat(data.get(0).getJsonObject("message").getString("id")).isEqualTo(MessagesWire.messageId("req_42"));
    }

    @Test
    void claudeContinuingAnotherModelsAnswerNumbersItsBlocksAfterThoseWritten() {
        read(stream.open("gpt-x"));
        read(stream.event(text("Hel")));
        read(stream.event(claude(text("lo"),
                "{'type':'content_block_start','index':0,'content_block':{'type':'text','text':''}}",
                "{'type':'content_block_delta','index':0,'delta':{'type':'text_delta','text':'lo'}}")));
        read(stream.event(text("!"))); // Claude broke off mid-block: another model goes on
        read(stream.finish(TokenUsage.NONE));
        assertThat(types).containsExactly("message_start", "ping", "content_block_start", "content_block_delta",
                "content_block_stop", "content_block_start", "content_block_delta", "content_block_stop",
                "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop");
        assertThat(data.subList(2, 11)).extracting(d -> d.getInt("index"))
                .containsExactly(0, 0, 0, 1, 1, 1, 2, 2, 2);
        assertThat(data.get(6).getJsonObject("delta").getString("text")).isEqualTo("lo");
        assertThat(data.get(11).getJsonObject("delta").getString("stop_reason")).isEqualTo("end_turn");
    }
}
