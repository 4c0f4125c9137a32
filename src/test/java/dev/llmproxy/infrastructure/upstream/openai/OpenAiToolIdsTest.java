package dev.llmproxy.infrastructure.upstream.openai;

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
        assertThat(call).isEqualTo("toolu_01A09q90qw90lq917835lq9"); // Claude's own id, without the thinking
        assertThat(messages.getJsonObject(2).getString("tool_call_id")).isEqualTo(call);
        assertThat(messages.getJsonObject(1).getJsonArray("tool_calls").getJsonObject(1).getString("id"))
                .isEqualTo("call_short");
        assertThat(messages.getJsonObject(3).getString("tool_call_id")).isEqualTo("call_short");
        String gemini = "call_5f1e2d__thought__CiQBVKhc7u1J9ZPrMfoWq2cH3nYVgD1uy8Sk0aQ3pXcTqz0mP+/ABcd=";
        String shortened = ((JsonObject) JsonCodec.read(OpenAiToolIds.fitted(chat(gemini)))).getJsonArray("messages")
                .getJsonObject(2).getString("tool_call_id");
        assertThat(shortened).hasSize(40).startsWith("call_").isEqualTo(OpenAiToolIds.shortened(gemini))
                .isNotEqualTo(OpenAiToolIds.shortened(gemini + "x"));
    }

    @Test
    void aResultNamingTheBareIdStillMatchesItsCallThatCarriedThinking() {
        String carrying = dev.llmproxy.application.proxy.CarriedThinking.carry("toolu_9", (jakarta.json.JsonArray)
                JsonCodec.read("[{\"type\":\"thinking\",\"thinking\":\"x\",\"signature\":\"s\"}]"));
        byte[] body = new String(chat(carrying), StandardCharsets.UTF_8)
                .replace("\"tool_call_id\":\"" + carrying + "\"", "\"tool_call_id\":\"toolu_9\"")
                .getBytes(StandardCharsets.UTF_8);
        var messages = ((JsonObject) JsonCodec.read(OpenAiToolIds.fitted(body))).getJsonArray("messages");
        assertThat(messages.getJsonObject(1).getJsonArray("tool_calls").getJsonObject(0).getString("id"))
                .isEqualTo("toolu_9");
        assertThat(messages.getJsonObject(2).getString("tool_call_id")).isEqualTo("toolu_9");
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
