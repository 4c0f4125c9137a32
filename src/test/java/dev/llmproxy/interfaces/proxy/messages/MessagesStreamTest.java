package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.proxy.ChatDeltas;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.proxy.ReasoningDetails;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonArray;
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
        return new StreamEvent(JsonCodec.writeText(JsonCodec.object().add("content", t).build()), t, null);
    }

    private static StreamEvent delta(String json, String finish) {
        String delta = json.replace('\'', '"');
        return new StreamEvent(delta, "", finish, json.contains("tool_calls"),
                ChatDeltas.parts((JsonObject) JsonCodec.read(delta)));
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
        read(stream.event(new StreamEvent("{\"content\":\"abc\"}", "abc", "length")));
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
        String id = CarriedThinking.carry("toolu_01A", (JsonArray) JsonCodec.read(
                "[{\"type\":\"thinking\",\"thinking\":\"hmm\",\"signature\":\"EqQBsig\"}]"));
        read(stream.open("claude-sonnet-4-5"));
        read(stream.event(delta("{'reasoning_content':'hmm'}", null)));
        read(stream.event(delta(ReasoningDetails.signed("EqQBsig", 0).toString(), null)));
        read(stream.event(text("Let me look.")));
        read(stream.event(delta("{'tool_calls':[{'index':0,'id':'" + id + "','type':'function','function':"
                + "{'name':'f','arguments':'{}'}}]}", null)));
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
        read(stream.event(delta(ReasoningDetails.redacted("EmwKAhgB", 0).toString(), null)));
        read(stream.event(delta(ReasoningDetails.signed("EqQBsig", 1).toString(), null)));
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
}
