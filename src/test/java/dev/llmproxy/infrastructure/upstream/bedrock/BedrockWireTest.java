package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.proxy.ChatAnswers;
import dev.llmproxy.infrastructure.upstream.ChunkTexts;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.proxy.ReasoningDetails;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import dev.llmproxy.testing.RecordedBodies;
import dev.llmproxy.testing.SigV4Check;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Bedrock's addresses, its two credentials, and its answers, streams and errors in the outcome table's terms. */
class BedrockWireTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-03T10:15:30Z"), ZoneOffset.UTC);
    private static final String CHAT = "{'model':'m','messages':[{'role':'user','content':'Weather in Paris?'}]}";
    private final BedrockWire wire = new BedrockWire(CLOCK);

    private static UpstreamCall call(String model, boolean stream) {
        return BedrockCalls.to(model, CHAT, stream);
    }

    private static String header(OutboundRequest request, String name) {
        return request.headers().stream().filter(h -> h.name().equalsIgnoreCase(name)).map(OutboundRequest.Header::value)
                .findFirst().orElse(null);
    }

    @Test
    void theModelIdIsOnePathSegmentWithAnArnsSlashesEscapedAndItsColonsKept() {
        assertThat(wire.request(call(BedrockCalls.CLAUDE, false), null).uri().toString())
                .isEqualTo(BedrockCalls.BASE + "/model/eu.anthropic.claude-sonnet-4-5-20250929-v1:0/converse");
        assertThat(wire.request(call(BedrockCalls.CLAUDE, true), null).uri().toString())
                .isEqualTo(BedrockCalls.BASE + "/model/eu.anthropic.claude-sonnet-4-5-20250929-v1:0/converse-stream");
        String arn = "arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile/a1b2c3";
        assertThat(wire.request(call(arn, false), null).uri().getRawPath()).isEqualTo(
                "/model/arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile%2Fa1b2c3/converse");
    }

    @Test
    void aBedrockApiKeyIsABearerToken() {
        OutboundRequest request = wire.request(call(BedrockCalls.CLAUDE, false), "ABSKQmVkcm9ja0FQSUtleQ==");
        assertThat(header(request, "Authorization")).isEqualTo("Bearer ABSKQmVkcm9ja0FQSUtleQ==");
        assertThat(header(request, "X-Amz-Date")).isNull();
    }

    @Test
    void anIamIdentitySignsEachRequestForBedrockInTheEndpointsRegion() throws Exception {
        String arn = "arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile/a1b2c3";
        OutboundRequest request = wire.request(call(arn, true),
                AwsIdentities.MARK + "AKIDEXAMPLE wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY FwoGZXIvYXdzEJr//session");
        String authorization = header(request, "Authorization");
        assertThat(authorization).startsWith(
                "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261203/eu-west-1/bedrock/aws4_request, SignedHeaders=");
        assertThat(header(request, "X-Amz-Date")).isEqualTo("20261203T101530Z");
        assertThat(header(request, "X-Amz-Security-Token")).isEqualTo("FwoGZXIvYXdzEJr//session");
        assertThat(request.headers()).noneMatch(h -> h.name().equalsIgnoreCase("Host"));
        Map<String, String> sent = new HashMap<>();
        request.headers().forEach(h -> sent.put(h.name().toLowerCase(), h.value()));
        sent.put("host", "bedrock-runtime.eu-west-1.amazonaws.com"); // as the transport writes it
        assertThat(SigV4Check.signature(authorization)).isEqualTo(SigV4Check.expected(
                "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", authorization, request.uri().getRawPath(), sent, request.body()));
    }

    @Test
    void theRegionIsTheEndpointsAndAHostThatNamesNoneFallsBack() {
        assertThat(BedrockRegions.named("bedrock-runtime.ap-northeast-1.amazonaws.com")).isEqualTo("ap-northeast-1");
        assertThat(BedrockRegions.named("bedrock-runtime-fips.us-gov-west-1.amazonaws.com")).isEqualTo("us-gov-west-1");
        assertThat(BedrockRegions.named("vpce-0abc-xyz.bedrock-runtime.eu-central-1.vpce.amazonaws.com")).isEqualTo("eu-central-1");
        assertThat(BedrockRegions.named("127.0.0.1")).isNull();
        assertThat(BedrockRegions.named("bedrock.us-east-1.amazonaws.com")).isNull();
    }

    @Test
    void aWholeAnswerReadsAsClaudesWithThinkingSignedToolCallsAndCacheTokens() {
        UpstreamReply reply = wire.answer(call(BedrockCalls.CLAUDE, false),
                RecordedBodies.body("bedrock", "answer-thinking-tool.json").getBytes(StandardCharsets.UTF_8));
        assertThat(reply).isInstanceOfSatisfying(UpstreamReply.Completed.class, c -> {
            assertThat(c.finish()).isEqualTo(Finish.TOOL_CALLS);
            assertThat(c.usage().promptTokens()).isEqualTo(1212);
            assertThat(c.usage().cachedPromptTokens()).isEqualTo(1000);
            assertThat(c.usage().cacheWriteTokens()).isEqualTo(200);
            assertThat(c.usage().completionTokens()).isEqualTo(48);
            JsonObject message = ((JsonObject) JsonCodec.read(ChatAnswers.body(c))).getJsonArray("choices").getJsonObject(0)
                    .getJsonObject("message");
            assertThat(message.getString("content")).isEqualTo("Let me check.");
            assertThat(message.getString("reasoning_content")).startsWith("The user wants the weather");
            String id = message.getJsonArray("tool_calls").getJsonObject(0).getString("id");
            assertThat(CarriedThinking.bare(id)).isEqualTo("tooluse_kZJMlvQmRJ6eAyJE5GIl7Q");
            assertThat(CarriedThinking.carried(id).getJsonObject(0).getString("signature"))
                    .isEqualTo("EqQBCkYIBxgCKkA1c2lnbmF0dXJlLWZvci10ZXN0cw==");
        });
        assertThat(wire.answer(call("amazon.nova-pro-v1:0", false),
                RecordedBodies.body("bedrock", "answer-text.json").getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(UpstreamReply.Completed.class, c -> {
                    assertThat(c.finish()).isEqualTo(Finish.STOP);
                    assertThat(c.usage().totalTokens()).isEqualTo(34);
                });
    }

    @Test
    void aGuardrailIsARefusalAndAMalformedAnswerIsNoAnswer() {
        assertThat(wire.answer(call(BedrockCalls.CLAUDE, false),
                RecordedBodies.body("bedrock", "answer-guardrail.json").getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(UpstreamReply.HttpError.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.bodyExcerpt()).startsWith("content_filter: ");
                });
        assertThat(wire.answer(call(BedrockCalls.CLAUDE, false),
                RecordedBodies.body("bedrock", "answer-malformed.json").getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(UpstreamReply.Failed.class);
        assertThat(wire.answer(call(BedrockCalls.CLAUDE, false), "<html>".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(UpstreamReply.Failed.class);
    }

    private UpstreamReply.HttpError error(int status, String type, String file, Map<String, String> more) {
        Map<String, String> headers = new HashMap<>(more);
        headers.put("x-amzn-errortype", type + ":http://internal.amazon.com/coral/com.amazon.bedrock/");
        return wire.error(call(BedrockCalls.CLAUDE, false), new ResponseHead(status, headers),
                RecordedBodies.body("bedrock", file).getBytes(StandardCharsets.UTF_8), CLOCK);
    }

    @Test
    void errorsAreReadByTheExceptionAwsNames() {
        assertThat(error(429, "ThrottlingException", "error-throttling.json", Map.of()).status()).isEqualTo(429);
        assertThat(error(429, "ThrottlingException", "error-throttling.json", Map.of("retry-after", "7")).retryAfter())
                .isEqualTo(Duration.ofSeconds(7));
        assertThat(error(429, "ModelNotReadyException", "error-model-not-ready.json", Map.of()).status()).isEqualTo(503);
        assertThat(error(503, "ServiceUnavailableException", "error-model-not-ready.json", Map.of()).status()).isEqualTo(503);
        assertThat(error(424, "ModelErrorException", "error-model-not-ready.json", Map.of()).status()).isEqualTo(502);
        UpstreamReply.HttpError tooLong = error(400, "ValidationException", "error-context.json", Map.of());
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.bodyExcerpt()).startsWith("context_length_exceeded: ");
        assertThat(error(400, "ValidationException", "error-model-id.json", Map.of()).status()).isEqualTo(404);
        UpstreamReply.HttpError onDemand = error(400, "ValidationException", "error-on-demand.json", Map.of());
        assertThat(onDemand.status()).isEqualTo(400);
        assertThat(onDemand.bodyExcerpt()).doesNotStartWith("context_length_exceeded");
        // a signature AWS does not accept: the identity is dropped and fetched again, as a refused token is
        assertThat(error(403, "InvalidSignatureException", "error-signature.json", Map.of()).status()).isEqualTo(401);
        assertThat(error(403, "AccessDeniedException", "error-signature.json", Map.of()).status()).isEqualTo(403);
        assertThat(BedrockErrors.type(null, (JsonObject) JsonCodec.read(
                "{\"__type\":\"com.amazon.coral.service#ThrottlingException\"}"))).isEqualTo("ThrottlingException");
    }

    private List<JsonObject> stream(String file) {
        WireEvents events = new WireEvents(wire.events(call(BedrockCalls.CLAUDE, true)));
        for (String line : RecordedBodies.events("bedrock", file)) {
            int space = line.indexOf(' ');
            String type = line.substring(0, space).replace("!", "");
            events.feed("{\"" + type + "\":" + line.substring(space + 1) + "}");
        }
        return events.chunks;
    }

    private static JsonObject delta(JsonObject chunk) {
        return chunk.getJsonArray("choices").getJsonObject(0).getJsonObject("delta");
    }

    @Test
    void aStreamReadsAsClaudesThinkingTextAndAToolCallInFragmentsWithTheFinishAndUsageLast() {
        List<JsonObject> out = stream("stream-thinking-tool.events");
        assertThat(delta(out.get(0)).getString("reasoning_content")).isEqualTo("The user wants the weather");
        assertThat(delta(out.get(1)).getString("reasoning_content")).isEqualTo(" in Paris.");
        assertThat(ReasoningDetails.signature(delta(out.get(2)))).isEqualTo("EqQBCkYIBxgCKkA1c2lnbmF0dXJlLWZvci10ZXN0cw==");
        out.remove(2);
        assertThat(delta(out.get(2)).getString("content")).isEqualTo("Let me ");
        assertThat(delta(out.get(3)).getString("content")).isEqualTo("check.");
        JsonObject start = delta(out.get(4)).getJsonArray("tool_calls").getJsonObject(0);
        assertThat(CarriedThinking.bare(start.getString("id"))).isEqualTo("tooluse_kZJMlvQmRJ6eAyJE5GIl7Q");
        assertThat(CarriedThinking.carried(start.getString("id"))).isEqualTo(JsonCodec.read("[{\"type\":\"thinking\","
                + "\"thinking\":\"The user wants the weather in Paris.\",\"signature\":\"EqQBCkYIBxgCKkA1c2lnbmF0dXJlLWZvci10ZXN0cw==\"}]"));
        String arguments = delta(out.get(5)).getJsonArray("tool_calls").getJsonObject(0).getJsonObject("function")
                .getString("arguments") + delta(out.get(6)).getJsonArray("tool_calls").getJsonObject(0)
                .getJsonObject("function").getString("arguments");
        assertThat(JsonCodec.read(arguments)).isEqualTo(JsonCodec.read("{\"city\":\"Paris\"}"));
        assertThat(out.get(7).getJsonArray("choices").getJsonObject(0).getString("finish_reason")).isEqualTo("tool_calls");
        JsonObject usage = out.get(8).getJsonObject("usage");
        assertThat(usage.getInt("prompt_tokens")).isEqualTo(1212);
        assertThat(usage.getJsonObject("prompt_tokens_details").getInt("cached_tokens")).isEqualTo(1000);
        assertThat(out).hasSize(9);
    }

    @Test
    void anExceptionMidStreamIsAnErrorChunkOfItsKindAndAStopWithoutUsageIsNoFinish() {
        List<JsonObject> out = stream("stream-text-throttled.events");
        assertThat(delta(out.get(0)).getString("content")).isEqualTo("Paris is ");
        assertThat(out.get(1).getJsonObject("error").getInt("code")).isEqualTo(503);
        assertThat(out).hasSize(2);
        List<JsonObject> whole = stream("stream-text.events");
        assertThat(whole.get(whole.size() - 2).getJsonArray("choices").getJsonObject(0).getString("finish_reason"))
                .isEqualTo("stop");
    }

    /** Collects what a stream's events become. */
    private static final class WireEvents {
        private final dev.llmproxy.infrastructure.upstream.ChatWire.StreamEvents events;
        private final List<JsonObject> chunks = new ArrayList<>();

        WireEvents(dev.llmproxy.infrastructure.upstream.ChatWire.StreamEvents events) {
            this.events = events;
        }

        void feed(String data) {
            events.translate(data, ChunkTexts.objects(chunks::add));
        }
    }
}
