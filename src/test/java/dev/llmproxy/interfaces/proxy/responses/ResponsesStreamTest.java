package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.proxy.ChatDeltas;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ResponsesStreamTest {

    private final List<JsonObject> stored = new ArrayList<>();
    private final ResponsesStream stream = new ResponsesStream("req_9", 100,
            (JsonObject) JsonCodec.read("{\"model\":\"fast\",\"input\":\"x\",\"instructions\":\"Be brief.\"}"),
            (response, assistant) -> {
                stored.add(response);
                stored.add(assistant);
            });
    private final List<String> types = new ArrayList<>();
    private final List<JsonObject> data = new ArrayList<>();

    private void read(byte[] bytes) {
        for (String event : new String(bytes, StandardCharsets.UTF_8).split("\n\n")) {
            if (!event.isEmpty()) {
                String[] lines = event.split("\n");
                JsonObject d = (JsonObject) JsonCodec.read(lines[1].substring(6));
                assertThat(d.getString("type")).isEqualTo(lines[0].substring(7));
                assertThat(d.getInt("sequence_number")).isEqualTo(data.size());
                types.add(d.getString("type"));
                data.add(d);
            }
        }
    }

    private static StreamEvent delta(String json, String text, String finish) {
        String delta = json.replace('\'', '"');
        return new StreamEvent(text, Finish.ofChat(finish), ChatDeltas.parts((JsonObject) JsonCodec.read(delta)));
    }

    @Test
    void reasoningTextAndACallAreItemsAddedFilledAndDoneThenTheWholeResponse() {
        read(stream.open("gpt-x"));
        read(stream.event(delta("{'reasoning_content':'hm'}", "", null)));
        read(stream.event(delta("{'content':'Hel'}", "Hel", null)));
        read(stream.event(delta("{'content':'lo'}", "lo", null)));
        read(stream.event(delta("{'tool_calls':[{'index':0,'id':'call_1','function':{'name':'f','arguments':'{'}}]}",
                "", null)));
        read(stream.event(delta("{'tool_calls':[{'index':0,'function':{'arguments':'}'}}]}", "", "tool_calls")));
        read(stream.finish(new TokenUsage(10, 5, 15, 2)));

        assertThat(types).containsExactly("response.created", "response.in_progress",
                "response.output_item.added", "response.reasoning_summary_part.added",
                "response.reasoning_summary_text.delta", "response.reasoning_summary_text.done",
                "response.reasoning_summary_part.done", "response.output_item.done",
                "response.output_item.added", "response.content_part.added", "response.output_text.delta",
                "response.output_text.delta", "response.output_text.done", "response.content_part.done",
                "response.output_item.done",
                "response.output_item.added", "response.function_call_arguments.delta",
                "response.function_call_arguments.delta", "response.function_call_arguments.done",
                "response.output_item.done", "response.completed");
        JsonObject created = data.get(0).getJsonObject("response");
        assertThat(created.getString("id")).isEqualTo("resp_9");
        assertThat(created.getString("status")).isEqualTo("in_progress");
        assertThat(created.getString("instructions")).isEqualTo("Be brief.");
        JsonObject done = data.get(data.size() - 1).getJsonObject("response");
        assertThat(done.getString("status")).isEqualTo("completed");
        assertThat(done.getJsonArray("output")).hasSize(3);
        assertThat(done.getJsonArray("output").getJsonObject(1).getJsonArray("content").getJsonObject(0)
                .getString("text")).isEqualTo("Hello");
        assertThat(done.getJsonArray("output").getJsonObject(2).getString("arguments")).isEqualTo("{}");
        assertThat(done.getJsonObject("usage").getJsonObject("output_tokens_details").getInt("reasoning_tokens"))
                .isEqualTo(2);
        assertThat(stored.get(1).getString("content")).isEqualTo("Hello");
        assertThat(stored.get(1).getJsonArray("tool_calls").getJsonObject(0).getString("id")).isEqualTo("call_1");
    }

    @Test
    void aLengthStopIsAnIncompleteResponse() {
        read(stream.open("m"));
        read(stream.event(delta("{'content':'abc'}", "abc", "length")));
        read(stream.finish(TokenUsage.NONE));
        assertThat(types.get(types.size() - 1)).isEqualTo("response.incomplete");
        JsonObject response = data.get(data.size() - 1).getJsonObject("response");
        assertThat(response.getJsonObject("incomplete_details").getString("reason")).isEqualTo("max_output_tokens");
    }

    @Test
    void aBreakIsAFailedResponseAndNothingIsStored() {
        read(stream.open("m"));
        read(stream.event(delta("{'content':'abc'}", "abc", null)));
        read(stream.error(ProxyError.of(ErrorKind.STREAM_INTERRUPTED, "The answer broke off.")));
        assertThat(types.get(types.size() - 1)).isEqualTo("response.failed");
        JsonObject response = data.get(data.size() - 1).getJsonObject("response");
        assertThat(response.getString("status")).isEqualTo("failed");
        assertThat(response.getJsonObject("error").getString("code")).isEqualTo("stream_interrupted");
        assertThat(stored).isEmpty();
    }
}
