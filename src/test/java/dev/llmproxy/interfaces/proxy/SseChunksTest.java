package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

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
        JsonObject chunk = data(chunks.event(new StreamEvent("{\"content\":\"Hi\",\"refusal\":null}", "Hi", null, false,
                "{\"content\":[{\"token\":\"Hi\",\"logprob\":-0.1}]}", "fp_abc", null, null)));
        assertThat(chunk.getString("id")).isEqualTo("chatcmpl-req_1");
        assertThat(chunk.getString("model")).isEqualTo("up-model");
        assertThat(chunk.getString("system_fingerprint")).isEqualTo("fp_abc");
        JsonObject choice = chunk.getJsonArray("choices").getJsonObject(0);
        assertThat(choice.getJsonObject("logprobs").getJsonArray("content")).hasSize(1);
        assertThat(choice.getJsonObject("delta").containsKey("refusal")).isTrue();
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
