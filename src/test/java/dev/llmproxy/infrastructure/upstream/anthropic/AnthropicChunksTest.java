package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.domain.answer.Sent;
import dev.llmproxy.domain.streaming.SentEvent;
import dev.llmproxy.infrastructure.upstream.ChatWire;
import dev.llmproxy.infrastructure.upstream.ChunkTexts;
import dev.llmproxy.infrastructure.upstream.StreamChunk;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.proxy.ReasoningDetails;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.testing.RecordedBodies;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A Messages stream as OpenAI chunks. */
class AnthropicChunksTest {

    private static List<JsonObject> translate(String file) {
        AnthropicChunks chunks = new AnthropicChunks("claude-sonnet-4-5");
        List<JsonObject> out = new ArrayList<>();
        for (String event : RecordedBodies.events("anthropic", file)) {
            chunks.translate(event, ChunkTexts.objects(out::add));
        }
        return out;
    }

    private static JsonObject delta(JsonObject chunk) {
        return chunk.getJsonArray("choices").getJsonObject(0).getJsonObject("delta");
    }

    @Test
    void thinkingTextAndAToolCallStreamInOrderAndTheFinishComesAtMessageStop() {
        List<JsonObject> out = translate("stream-thinking-tool.sse");
        assertThat(delta(out.get(0)).getString("reasoning_content")).isEqualTo("I need the weather tool.");
        // the block's signature as it ends, before the text
        assertThat(ReasoningDetails.signature(delta(out.get(1)))).isEqualTo("EqQBCgIYAhIM1gbcDa9GJwZA2b3h");
        out.remove(1);
        assertThat(delta(out.get(1)).getString("content")).isEqualTo("Okay, let's check");
        assertThat(delta(out.get(2)).getString("content")).isEqualTo(" the weather.");
        JsonObject start = delta(out.get(3)).getJsonArray("tool_calls").getJsonObject(0);
        assertThat(start.getInt("index")).isZero();
        // the first call carries the signed thinking that led to it, for the caller to hand back
        assertThat(CarriedThinking.bare(start.getString("id"))).isEqualTo("toolu_01T1x1fJ34qAmk2tNTrN7Up6");
        assertThat(CarriedThinking.carried(start.getString("id"))).isEqualTo(JsonCodec.read("[{\"type\":"
                + "\"thinking\",\"signature\":\"EqQBCgIYAhIM1gbcDa9GJwZA2b3h\",\"thinking\":\"I need the weather tool.\"}]"));
        assertThat(start.getJsonObject("function").getString("name")).isEqualTo("get_weather");
        StringBuilder arguments = new StringBuilder();
        for (JsonObject c : out.subList(4, 7)) {
            arguments.append(delta(c).getJsonArray("tool_calls").getJsonObject(0).getJsonObject("function")
                    .getString("arguments"));
        }
        assertThat(JsonCodec.read(arguments.toString())).isEqualTo(JsonCodec.read("{\"city\":\"San Francisco\"}"));
        JsonObject finish = out.get(7).getJsonArray("choices").getJsonObject(0);
        assertThat(finish.getString("finish_reason")).isEqualTo("tool_calls");
        JsonObject usage = out.get(8).getJsonObject("usage");
        assertThat(usage.getInt("prompt_tokens")).isEqualTo(472);
        assertThat(usage.getInt("completion_tokens")).isEqualTo(89);
        assertThat(out).hasSize(9);
        assertThat(out.get(0).getString("model")).isEqualTo("claude-sonnet-4-5-20250929");
    }

    @Test
    void pingsAreNothingAndAStreamWithoutMessageStopHasNoFinish() {
        List<JsonObject> out = translate("stream-text.sse");
        assertThat(out).hasSize(4);
        assertThat(out.get(2).getJsonArray("choices").getJsonObject(0).getString("finish_reason")).isEqualTo("stop");
        List<JsonObject> cut = translate("stream-mid-overloaded.sse");
        assertThat(cut).hasSize(2);
        assertThat(delta(cut.get(0)).getString("content")).isEqualTo("The first half");
        assertThat(cut.get(1).getJsonObject("error").getInt("code")).isEqualTo(503);
    }

    @Test
    void aRefusalSaysWhatItCostThenEndsWithTheContentFilterFinishNotAnEmptyStop() {
        AnthropicChunks chunks = new AnthropicChunks("claude-sonnet-4-5");
        List<JsonObject> out = new ArrayList<>();
        for (String event : List.of(
                "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"model\":\"claude-sonnet-4-5\","
                        + "\"usage\":{\"input_tokens\":12,\"output_tokens\":1}}}",
                "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"refusal\"},\"usage\":{\"output_tokens\":3}}",
                "{\"type\":\"message_stop\"}")) {
            chunks.translate(event, ChunkTexts.objects(out::add));
        }
        assertThat(out.get(0).getJsonObject("usage").getInt("prompt_tokens")).isEqualTo(12);
        assertThat(out.get(1).getJsonArray("choices").getJsonObject(0).getString("finish_reason"))
                .isEqualTo("content_filter");
        assertThat(out).hasSize(2);
    }

    @Test
    void eachOfClaudesEventsIsHandedOnAsItCameBeforeTheChunksReadFromItButOneBuiltIsNot() {
        AnthropicChunks chunks = new AnthropicChunks("claude-sonnet-4-5");
        List<Object> out = new ArrayList<>();
        ChatWire.Chunks into = new ChatWire.Chunks() {
            @Override
            public void text(String data) {
                out.add(data);
            }

            @Override
            public void chunk(StreamChunk chunk) {
                out.add(chunk);
            }

            @Override
            public void sent(SentEvent event) {
                out.add(event);
            }
        };
        List<String> events = List.of(RecordedBodies.events("anthropic", "stream-citations.sse"));
        events.forEach(e -> chunks.translate(e, into));
        List<SentEvent> sent = out.stream().filter(SentEvent.class::isInstance).map(SentEvent.class::cast).toList();
        assertThat(sent).extracting(SentEvent::data).containsExactlyElementsOf(events);
        assertThat(sent).allSatisfy(e -> assertThat(e.dialect()).isEqualTo(Sent.Dialect.MESSAGES));
        assertThat(sent.get(6).type()).isEqualTo("content_block_delta");
        assertThat(sent.get(6).index()).isEqualTo(1);
        assertThat(sent.get(0).index()).isEqualTo(-1);
        // the text delta's chunk comes right after the event it was read from
        assertThat(out.get(out.indexOf(sent.get(2)) + 1)).isInstanceOf(StreamChunk.class);

        out.clear();
        chunks.translate((JsonObject) JsonCodec.read(events.get(2)), into); // built from another API's event
        assertThat(out).singleElement().isInstanceOf(StreamChunk.class);
    }
}
