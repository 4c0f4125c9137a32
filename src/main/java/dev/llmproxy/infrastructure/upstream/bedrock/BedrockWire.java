package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.AskedReasoning;
import dev.llmproxy.application.proxy.ChatJson;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.ChatWire;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.infrastructure.upstream.StreamFraming;
import dev.llmproxy.infrastructure.upstream.anthropic.AnthropicWire;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import software.amazon.awssdk.utils.http.SdkHttpUtils;

import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * AWS Bedrock's Converse API: {@code POST {base}/model/{model id}/converse}, or {@code /converse-stream}, whose
 * answer is AWS's binary event stream; for a Messages caller answered by Claude, InvokeModel in Anthropic's own words
 * ({@link BedrockInvoke}). The base is the region's runtime endpoint
 * ({@code https://bedrock-runtime.us-east-1.amazonaws.com}); the model id is a model's, an inference profile's
 * ({@code us.anthropic.claude-sonnet-4-5-20250929-v1:0}) or an ARN. Requests are made as for Anthropic and said in
 * Converse's words ({@link ConverseRequests}), answers the other way, so Claude on Bedrock thinks, signs, caches and
 * calls tools as Claude at Anthropic does; other models get the same conversation without Claude's options.
 */
public final class BedrockWire implements ChatWire {

    private static final StreamFraming FRAMING = new AwsEventStream();
    private static final OutboundRequest.Header JSON = new OutboundRequest.Header("Content-Type", "application/json");
    private static final OutboundRequest.Header ACCEPT_JSON = new OutboundRequest.Header("Accept", "application/json");
    private static final OutboundRequest.Header ACCEPT_EVENTS =
            new OutboundRequest.Header("Accept", AwsEventStream.CONTENT_TYPE);

    private final Clock clock;
    private final AwsSigner signer;
    private final AnthropicWire anthropic;
    private final ConcurrentMap<String, URI> endpoints = new ConcurrentHashMap<>();

    public BedrockWire(Clock clock) {
        this.clock = clock;
        this.signer = new AwsSigner(clock);
        this.anthropic = new AnthropicWire(clock);
    }

    /** Whether the model is Claude: by its family in the allowlist (an ARN does not say), else by its id. */
    static boolean claude(AllowedModel model) {
        return "claude".equalsIgnoreCase(model.family())
                || model.upstreamModel().toLowerCase(Locale.ROOT).contains("claude");
    }

    @Override
    public UpstreamReply unsendable(UpstreamCall call) {
        return ConverseImages.byUrl(ChatJson.held(call.body()).conversation())
                ? HttpReplies.httpError(call, 400, null, "proxy: Bedrock takes images and documents as data: URLs only")
                : null;
    }

    @Override
    public OutboundRequest request(UpstreamCall call, String credential) {
        boolean invoke = BedrockInvoke.takes(call);
        String operation = invoke ? BedrockInvoke.operation(call.streaming())
                : call.streaming() ? "/converse-stream" : "/converse";
        URI uri = endpoints.computeIfAbsent(call.provider().baseUrl() + "|" + call.model().upstreamModel() + "|"
                + operation, k -> endpoint(call.provider().baseUrl(), call.model().upstreamModel(), operation));
        byte[] body = JsonCodec.write(invoke ? BedrockInvoke.body(call) : converse(call));
        List<OutboundRequest.Header> headers = new ArrayList<>(List.of(JSON, call.streaming() ? ACCEPT_EVENTS : ACCEPT_JSON));
        if (credential != null && credential.startsWith(AwsIdentities.MARK)) {
            headers = signer.sign(uri, headers, body, AwsIdentities.decode(credential.substring(AwsIdentities.MARK.length())),
                    BedrockRegions.of(call.provider().baseUrl()));
        } else if (credential != null) {
            headers.add(new OutboundRequest.Header("Authorization", "Bearer " + credential));
        }
        return new OutboundRequest(uri, headers, body);
    }

    /** The request in chat's form (never as a Messages caller wrote it: Converse has words of its own). */
    private static JsonObject converse(UpstreamCall call) {
        ChatJson request = ChatJson.held(call.body());
        JsonObject chat = request.object();
        boolean claude = claude(call.model());
        if (!claude && (chat.containsKey("reasoning_effort") || chat.containsKey(AskedReasoning.FIELD))) {
            // only Claude's thinking is asked for
            chat = JsonCodec.object(chat).remove("reasoning_effort").remove(AskedReasoning.FIELD).build();
        }
        return ConverseRequests.from(opened(AnthropicWire.body(request.asChat(chat), call.model(), false)), claude);
    }

    /**
     * A request in Anthropic's words, opened as Bedrock wants it: both its APIs refuse a conversation that starts
     * with the assistant (Anthropic's own takes one), so such a conversation gets a user turn of one character, no
     * instruction, before it.
     */
    static JsonObject opened(JsonObject anthropic) {
        JsonArray turns = anthropic.getJsonArray("messages");
        if (turns.isEmpty() || !"assistant".equals(turns.getJsonObject(0).getString("role"))) {
            return anthropic;
        }
        JsonArrayBuilder opened = JsonCodec.array().add(JsonCodec.object().add("role", "user").add("content",
                JsonCodec.array().add(JsonCodec.object().add("type", "text").add("text", "."))));
        turns.forEach(opened::add);
        return JsonCodec.object(anthropic).add("messages", opened).build();
    }

    /** The model id is one path segment: an ARN's slashes are escaped, its colons kept, as AWS's clients send them. */
    private static URI endpoint(URI base, String modelId, String operation) {
        String id = SdkHttpUtils.urlEncode(modelId).replace("%3A", ":");
        return URI.create(base.toString().replaceAll("/+$", "") + "/model/" + id + operation);
    }

    @Override
    public UpstreamReply answer(UpstreamCall call, byte[] body) {
        if (BedrockInvoke.takes(call)) {
            return anthropic.answer(call, body); // Claude's message as Anthropic writes it, for a Messages caller as is
        }
        JsonObject root = AnswerBody.object(body);
        if (root == null) {
            return AnswerBody.unreadable(body);
        }
        String stop = root.getString("stopReason", null);
        if (ConverseAnswers.malformed(stop)) {
            return AnswerBody.malformed("the model's answer was malformed (" + stop + ")");
        }
        JsonObject message = ConverseAnswers.message(root);
        return message == null ? AnswerBody.malformed("no output message")
                : AnthropicWire.answer(call, message, clock);
    }

    @Override
    public UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        return BedrockErrors.fromHead(call, head, body, clock);
    }

    @Override
    public StreamFraming framing() {
        return FRAMING;
    }

    @Override
    public StreamEvents events(UpstreamCall call) {
        return new ConverseEvents(call.model().upstreamModel());
    }
}
