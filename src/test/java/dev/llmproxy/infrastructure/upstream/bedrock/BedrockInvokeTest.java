package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatAnswers;
import dev.llmproxy.application.proxy.ChatJson;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.streaming.StreamLimits;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.ChunkTexts;
import dev.llmproxy.testing.RecordedBodies;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A Messages caller's request to Claude on Bedrock: InvokeModel, in Anthropic's words, as the caller wrote it. */
class BedrockInvokeTest {

    private static final String WRITTEN = """
            {"model":"claude","max_tokens":300,"metadata":{"user_id":"u-1"},"messages":[
             {"role":"assistant","content":"Hello, what shall I read?"},
             {"role":"user","content":[
              {"type":"document","source":{"type":"base64","media_type":"application/pdf","data":"JVBERi0xLjQK"},
               "title":"Lease","citations":{"enabled":true}},
              {"type":"text","text":"When does the lease end?"}]}]}
            """;
    private final BedrockWire wire = new BedrockWire(Clock.systemUTC());

    /** A call as the proxy makes it: the chat form, with the request as the caller wrote it beside it. */
    private static UpstreamCall call(String model, boolean stream) {
        JsonObject written = (JsonObject) JsonCodec.read(WRITTEN);
        ChatRequest chat = new ChatRequest((JsonObject) JsonCodec.read("{\"model\":\"claude\",\"max_tokens\":300,"
                + "\"user\":\"u-1\",\"messages\":[{\"role\":\"user\",\"content\":\"When does the lease end?\"}]}"),
                "claude", stream, FrontDoor.MESSAGES);
        return new UpstreamCall("req-1", BedrockCalls.BEDROCK, AllowedModel.of("m", "bedrock", model),
                ChatJson.from(chat.writtenAs(written)),
                Duration.ofSeconds(5), stream ? (event, valve) -> { } : null,
                stream ? new StreamLimits(Duration.ofSeconds(5), Duration.ofSeconds(5)) : null, false, null, null);
    }

    @Test
    void claudeIsAskedThroughInvokeModelWithTheTurnsAsWrittenAndBedrocksVersion() {
        var request = wire.request(call(BedrockCalls.CLAUDE, false), "ABSKkey");
        JsonObject body = (JsonObject) JsonCodec.read(request.body());
        JsonObject in = (JsonObject) JsonCodec.read(WRITTEN);

        assertThat(request.uri().toString()).isEqualTo(BedrockCalls.BASE + "/model/" + BedrockCalls.CLAUDE + "/invoke");
        assertThat(body.getString("anthropic_version")).isEqualTo("bedrock-2023-05-31");
        assertThat(body).doesNotContainKeys("model", "stream");
        assertThat(body.getJsonObject("metadata")).isEqualTo(in.getJsonObject("metadata"));
        // Bedrock refuses a conversation that starts with the assistant: one character of user turn goes first
        assertThat(body.getJsonArray("messages").getJsonObject(0)).isEqualTo(JsonCodec.read(
                "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\".\"}]}"));
        assertThat(body.getJsonArray("messages").subList(1, 3)).isEqualTo(in.getJsonArray("messages"));
        assertThat(wire.request(call(BedrockCalls.CLAUDE, true), "ABSKkey").uri().toString())
                .isEqualTo(BedrockCalls.BASE + "/model/" + BedrockCalls.CLAUDE + "/invoke-with-response-stream");
    }

    @Test
    void anotherMakersModelIsAskedThroughConverseInChatsForm() {
        var request = wire.request(call("amazon.nova-pro-v1:0", false), "ABSKkey");
        assertThat(request.uri().toString()).endsWith("/converse");
        assertThat(new String(request.body(), StandardCharsets.UTF_8)).contains("\"inferenceConfig\"");
    }

    @Test
    void theAnswerIsAnthropicsMessageAndTheStreamAnthropicsEventsInBase64() {
        UpstreamReply reply = wire.answer(call(BedrockCalls.CLAUDE, false),
                RecordedBodies.body("anthropic", "answer-text.json").getBytes(StandardCharsets.UTF_8));
        assertThat(reply).isInstanceOfSatisfying(UpstreamReply.Completed.class, c -> assertThat(
                ((JsonObject) JsonCodec.read(ChatAnswers.body(c))).getJsonArray("choices").getJsonObject(0)
                        .getJsonObject("message").getString("content")).isNotBlank());

        var events = wire.events(call(BedrockCalls.CLAUDE, true));
        List<JsonObject> chunks = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (String event : RecordedBodies.events("anthropic", "stream-text.sse")) {
            String bytes = Base64.getEncoder().encodeToString(event.getBytes(StandardCharsets.UTF_8));
            events.translate("{\"chunk\":{\"bytes\":\"" + bytes + "\"}}", ChunkTexts.objects(chunks::add));
        }
        chunks.forEach(c -> c.getJsonArray("choices").forEach(choice -> {
            JsonObject delta = ((JsonObject) choice).getJsonObject("delta");
            text.append(delta.getString("content", ""));
        }));
        assertThat(text).hasToString("Hello!");
        assertThat(chunks.stream().filter(c -> !c.getJsonArray("choices").isEmpty()).map(c -> c.getJsonArray("choices")
                .getJsonObject(0).get("finish_reason").toString())).contains("\"stop\"");
    }
}
