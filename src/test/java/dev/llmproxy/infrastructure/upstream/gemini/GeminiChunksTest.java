package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.proxy.ToolCallIds;
import dev.llmproxy.domain.streaming.ToolFragment;
import dev.llmproxy.infrastructure.upstream.ChatWire;
import dev.llmproxy.infrastructure.upstream.ChunkTexts;
import dev.llmproxy.infrastructure.upstream.StreamChunk;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.testing.GeminiBodies;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A Gemini stream's events, read, and as a chat caller is given them. */
class GeminiChunksTest {

    private final GeminiChunks chunks = new GeminiChunks("gemini-2.5-flash");

    private List<JsonObject> translate(String... events) {
        List<JsonObject> out = new ArrayList<>();
        for (String e : events) {
            chunks.translate(e, ChunkTexts.objects(out::add));
        }
        return out;
    }

    private static JsonObject delta(JsonObject chunk) {
        return chunk.getJsonArray("choices").getJsonObject(0).getJsonObject("delta");
    }

    private static String finish(JsonObject chunk) {
        JsonObject choice = chunk.getJsonArray("choices").getJsonObject(0);
        return choice.isNull("finish_reason") ? null : choice.getString("finish_reason");
    }

    @Test
    void thoughtsThenTextThenTheFinishWithTheFullUsage() {
        List<JsonObject> out = translate(GeminiBodies.events("stream-thinking.sse"));
        assertThat(out).hasSize(3);
        assertThat(delta(out.get(0))).isEqualTo(JsonCodec.read(
                "{\"reasoning_content\":\"**Working out the puzzle**\\n\\nI'm placing Carol first...\"}"));
        assertThat(delta(out.get(1))).isEqualTo(JsonCodec.read("{\"content\":\"Carol lives in the blue house\"}"));
        assertThat(finish(out.get(1))).isNull();
        assertThat(finish(out.get(2))).isEqualTo("stop");
        assertThat(out.get(2).getJsonObject("usage")).isEqualTo(JsonCodec.read("""
                {"prompt_tokens":61,"completion_tokens":1061,"total_tokens":1122,
                 "completion_tokens_details":{"reasoning_tokens":1034}}"""));
        assertThat(out.get(2).getString("model")).isEqualTo("gemini-2.5-flash");
        assertThat(out.get(2).getString("id")).isEqualTo("pQ8uaOeCNsmWz7IPpbLk2Qk");
    }

    @Test
    void anErrorEventIsPassedOnAsOne() {
        List<JsonObject> out = translate(GeminiBodies.events("stream-mid-error.sse"));
        assertThat(delta(out.get(0)).getString("content")).isEqualTo("The first half of the answer");
        assertThat(out.get(1).getJsonObject("error").getInt("code")).isEqualTo(503);
    }

    @Test
    void toolCallsAreNumberedAcrossTheStreamAndFinishAsToolCalls() {
        String call = "{\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":{\"name\":\"f%d\",\"args\":{}}}]},"
                + "\"index\":0%s}]}";
        List<JsonObject> out = translate(call.formatted(1, ""), call.formatted(2, ",\"finishReason\":\"STOP\""));
        assertThat(delta(out.get(0)).getJsonArray("tool_calls").getJsonObject(0).getInt("index")).isZero();
        assertThat(delta(out.get(1)).getJsonArray("tool_calls").getJsonObject(0).getInt("index")).isEqualTo(1);
        assertThat(finish(out.get(1))).isEqualTo("tool_calls");
    }

    @Test
    void aStreamedCallsSignatureIsAFieldOfItsPieceAndAChatCallerGetsItInTheId() {
        String event = "{\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":{\"name\":\"f\",\"args\":"
                + "{\"a\":1}},\"thoughtSignature\":\"CiIBsig==\"}]},\"finishReason\":\"STOP\",\"index\":0}]}";
        List<StreamChunk> typed = new ArrayList<>();
        chunks.translate(event, new ChatWire.Chunks() {
            @Override
            public void text(String data) {
                throw new AssertionError(data);
            }

            @Override
            public void chunk(StreamChunk chunk) {
                typed.add(chunk);
            }
        });
        ToolFragment call = ((StreamChunk.Chunk) typed.get(0)).parts().toolCalls().get(0);
        assertThat(call.signature()).isEqualTo("CiIBsig==");
        assertThat(call.id()).startsWith("call_").doesNotContain("CiIB");
        assertThat(call.arguments()).isEqualTo("{\"a\":1}");
        String written = delta(ChunkTexts.asChat(typed.get(0))).getJsonArray("tool_calls").getJsonObject(0)
                .getString("id");
        assertThat(ToolCallIds.signatureOf(written)).isEqualTo("CiIBsig==");
        assertThat(ToolCallIds.bare(written)).isEqualTo(call.id());
    }

    @Test
    void aRefusalBeforeOrAfterContentIsAContentFilterFinish() {
        String safety = "{\"candidates\":[{\"content\":{\"parts\":[]},\"finishReason\":\"SAFETY\",\"index\":0}]}";
        assertThat(finish(translate(safety).get(0))).isEqualTo("content_filter");

        GeminiChunks later = new GeminiChunks("gemini-2.5-flash");
        List<JsonObject> out = new ArrayList<>();
        later.translate("{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Sure, \"}]},\"index\":0}]}",
                ChunkTexts.objects(out::add));
        later.translate(safety, ChunkTexts.objects(out::add));
        assertThat(finish(out.get(1))).isEqualTo("content_filter");
    }

    @Test
    void aBlockedPromptIsAContentPolicyError() {
        List<JsonObject> out = translate(GeminiBodies.body("answer-prompt-blocked.json").replace("\n", " "));
        assertThat(out.get(0).getJsonObject("error").getString("message")).contains("blocked (SAFETY)");
    }

    @Test
    void whatIsNotJsonIsPassedOnForTheStreamToCountAsMalformed() {
        List<String> out = new ArrayList<>();
        chunks.translate("{not json", ChunkTexts.into(out::add));
        assertThat(out).containsExactly("{not json");
    }

    @Test
    void aMaxTokensFinishIsLength() {
        List<JsonObject> out = translate("{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"half\"}]},"
                + "\"finishReason\":\"MAX_TOKENS\",\"index\":0}]}");
        assertThat(finish(out.get(0))).isEqualTo("length");
    }
}
