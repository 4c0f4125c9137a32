package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.proxy.ThinkingBlocks;
import dev.llmproxy.application.proxy.ToolCallIds;
import dev.llmproxy.domain.conversation.Thinking;
import dev.llmproxy.domain.streaming.DeltaParts;
import dev.llmproxy.domain.streaming.SentEvent;
import dev.llmproxy.domain.streaming.ToolFragment;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SseChunksTest {

    private static JsonObject data(byte[] event) {
        String text = new String(event, StandardCharsets.UTF_8);
        return (JsonObject) JsonCodec.read(text.substring("data: ".length(), text.indexOf("\n\n")));
    }

    @Test
    void whatTheAnsweringModelSentIsRelayedOnlyIdsAndModelAreOurs() {
        SseChunks chunks = new SseChunks("req_1", 7, true);
        chunks.open("up-model");
        JsonObject chunk = data(chunks.event(new StreamEvent("Hi", null, "fp_abc", null, List.of(SentEvent.chatChoice(
                "{\"index\":0,\"delta\":{\"content\":\"Hi\",\"refusal\":null},\"logprobs\":{\"content\":"
                + "[{\"token\":\"Hi\",\"logprob\":-0.1}]},\"finish_reason\":\"eos\"}")))));
        assertThat(chunk.getString("id")).isEqualTo("chatcmpl-req_1");
        assertThat(chunk.getString("model")).isEqualTo("up-model");
        assertThat(chunk.getString("system_fingerprint")).isEqualTo("fp_abc");
        JsonObject choice = chunk.getJsonArray("choices").getJsonObject(0);
        assertThat(choice.getJsonObject("logprobs").getJsonArray("content")).hasSize(1);
        assertThat(choice.getString("finish_reason")).isEqualTo("eos"); // a server's own word, as it came
        assertThat(choice.getJsonObject("delta").containsKey("refusal")).isTrue();
    }

    @Test
    void aPieceThatCameInAnotherDialectIsWrittenInChatsFormWhatTheProviderWantsBackInTheCallsId() {
        SseChunks chunks = new SseChunks("req_1", 7, false);
        chunks.open("claude-x");
        JsonObject signed = data(chunks.event(new StreamEvent("", null, DeltaParts.signed("EqQBsig", 0))));
        assertThat(delta(signed).getJsonArray("reasoning_details").getJsonObject(0).getString("signature"))
                .isEqualTo("EqQBsig");
        List<Thinking> thinking = List.of(Thinking.signed("hmm", "EqQBsig"));
        JsonObject call = delta(data(chunks.event(new StreamEvent("Looking.", null, DeltaParts.toolCalls(List.of(
                new ToolFragment(0, "toolu_01A", "f", "", null, thinking)))))));
        assertThat(call.getString("content")).isEqualTo("Looking.");
        JsonObject written = call.getJsonArray("tool_calls").getJsonObject(0);
        assertThat(ToolCallIds.bare(written.getString("id"))).isEqualTo("toolu_01A");
        assertThat(ThinkingBlocks.of(CarriedThinking.carried(written.getString("id")))).isEqualTo(thinking);
        assertThat(written.getJsonObject("function").getString("name")).isEqualTo("f");
        JsonObject more = delta(data(chunks.event(new StreamEvent("", null, DeltaParts.toolCalls(List.of(
                new ToolFragment(0, "", "", "{\"a\"")))))));
        assertThat(more).isEqualTo(JsonCodec.read("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":"
                + "\"{\\\"a\\\"\"}}]}"));
        JsonObject gemini = delta(data(chunks.event(new StreamEvent("", Finish.TOOL_CALLS, DeltaParts.toolCalls(List.of(
                new ToolFragment(1, "call_9", "g", "{}", "CiIBsig==", List.of())))))));
        assertThat(ToolCallIds.signatureOf(gemini.getJsonArray("tool_calls").getJsonObject(0).getString("id")))
                .isEqualTo("CiIBsig==");
    }

    private static JsonObject delta(JsonObject chunk) {
        return chunk.getJsonArray("choices").getJsonObject(0).getJsonObject("delta");
    }

    @Test
    void theUsageChunkKeepsCachedTokensThenDone() {
        SseChunks chunks = new SseChunks("req_1", 7, true);
        chunks.open("m");
        String end = new String(chunks.finish(new TokenUsage(100, 10, 110, null, 64)), StandardCharsets.UTF_8);
        JsonObject usage = data(end.getBytes(StandardCharsets.UTF_8)).getJsonObject("usage");
        assertThat(usage.getJsonObject("prompt_tokens_details").getInt("cached_tokens")).isEqualTo(64);
        assertThat(end).endsWith("data: [DONE]\n\n");
        assertThat(new String(new SseChunks("r", 1, false).finish(new TokenUsage(1, 1, 2)), StandardCharsets.UTF_8))
                .isEqualTo("data: [DONE]\n\n");
    }
}
