package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** A conversation that brings long tool-call ids from another provider still pairs its calls and results at OpenAI. */
class OpenAiToolIdsTest {

    private static byte[] chat(String id) {
        return ("{\"model\":\"gpt\",\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"},{\"role\":\"assistant\","
                + "\"content\":null,\"tool_calls\":[{\"id\":\"" + id + "\",\"type\":\"function\",\"function\":{\"name\":"
                + "\"get_weather\",\"arguments\":\"{}\"}},{\"id\":\"call_short\",\"type\":\"function\",\"function\":"
                + "{\"name\":\"f\",\"arguments\":\"{}\"}}]},{\"role\":\"tool\",\"tool_call_id\":\"" + id
                + "\",\"content\":\"18C\"},{\"role\":\"tool\",\"tool_call_id\":\"call_short\",\"content\":\"ok\"}]}")
                .getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aLongIdIsShortenedTheSameOnTheCallAndOnItsResultAndShortOnesStay() {
        String claude = "toolu_01A09q90qw90lq917835lq9__thinking__eNqLrlYqqSxIVbJSKsnIzMvOzEtX0lEqzkzPSy";
        JsonObject sent = (JsonObject) JsonCodec.read(OpenAiToolIds.fitted(chat(claude)));
        var messages = sent.getJsonArray("messages");
        String call = messages.getJsonObject(1).getJsonArray("tool_calls").getJsonObject(0).getString("id");
        assertThat(call).hasSize(40).startsWith("call_").isEqualTo(OpenAiToolIds.shortened(claude));
        assertThat(messages.getJsonObject(2).getString("tool_call_id")).isEqualTo(call);
        assertThat(messages.getJsonObject(1).getJsonArray("tool_calls").getJsonObject(1).getString("id"))
                .isEqualTo("call_short");
        assertThat(messages.getJsonObject(3).getString("tool_call_id")).isEqualTo("call_short");
        assertThat(OpenAiToolIds.shortened(claude + "x")).isNotEqualTo(call);
    }

    @Test
    void aBodyWithoutLongIdsIsSentByteForByte() {
        byte[] plain = chat("call_abc");
        assertThat(OpenAiToolIds.fitted(plain)).isSameAs(plain);
        byte[] noTools = "{\"model\":\"gpt\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}"
                .getBytes(StandardCharsets.UTF_8);
        assertThat(OpenAiToolIds.fitted(noTools)).isSameAs(noTools);
    }
}
