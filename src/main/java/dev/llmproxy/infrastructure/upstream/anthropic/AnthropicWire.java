package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatJson;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.ChatWire;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import jakarta.json.JsonObject;

import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Anthropic's Messages API in its own format: {@code {base}/messages} (the base being e.g.
 * {@code https://api.anthropic.com/v1}), the key in {@code x-api-key}, {@code anthropic-version: 2023-06-01}. The
 * caller's OpenAI request is translated to Anthropic's, and every answer, stream event and error back.
 */
public final class AnthropicWire implements ChatWire {

    static final String VERSION = "2023-06-01";
    private static final OutboundRequest.Header JSON = new OutboundRequest.Header("Content-Type", "application/json");
    private static final OutboundRequest.Header ACCEPT_JSON = new OutboundRequest.Header("Accept", "application/json");
    private static final OutboundRequest.Header ACCEPT_EVENTS = new OutboundRequest.Header("Accept", "text/event-stream");
    private static final OutboundRequest.Header ANTHROPIC_VERSION = new OutboundRequest.Header("anthropic-version", VERSION);

    private final Clock clock;
    private final ConcurrentMap<URI, URI> endpoints = new ConcurrentHashMap<>();

    public AnthropicWire(Clock clock) {
        this.clock = clock;
    }

    /** A file Claude reads no document from is refused before Claude is asked, never dropped from the turn. */
    @Override
    public UpstreamReply unsendable(UpstreamCall call) {
        ChatJson request = ChatJson.held(call.body());
        String file = request.writtenIn(FrontDoor.MESSAGES) == null ? AnthropicSources.unreadableFile(request.conversation())
                : null;
        return file == null ? null : HttpReplies.httpError(call, 400, null, "proxy: Claude reads PDFs and plain "
                + "texts as documents; '" + file + "' is neither");
    }

    @Override
    public OutboundRequest request(UpstreamCall call, String apiKey) {
        OutboundRequest.Header accept = call.streaming() ? ACCEPT_EVENTS : ACCEPT_JSON;
        List<OutboundRequest.Header> headers = apiKey == null ? List.of(JSON, accept, ANTHROPIC_VERSION)
                : List.of(JSON, accept, ANTHROPIC_VERSION, new OutboundRequest.Header("x-api-key", apiKey));
        URI uri = endpoints.computeIfAbsent(call.provider().baseUrl(), b -> URI.create(b + "/messages"));
        return new OutboundRequest(uri, headers, JsonCodec.write(body(call)));
    }

    /**
     * What a call asks, in the Messages API's words (with the model in the body, where Anthropic's own API reads it):
     * a Messages caller's turns as it wrote them.
     */
    public static JsonObject body(UpstreamCall call) {
        return body(ChatJson.held(call.body()), call.model(), call.streaming());
    }

    /**
     * As {@link #body(UpstreamCall)}, for a request the caller's wire holds (perhaps trimmed for another maker's
     * model, or in chat's form only, for a cloud that takes Claude's blocks in words of its own).
     */
    public static JsonObject body(ChatJson request, AllowedModel model, boolean stream) {
        return AnthropicRequests.translate(request, model, stream);
    }

    @Override
    public UpstreamReply answer(UpstreamCall call, byte[] body) {
        return AnthropicAnswers.completion(call, body, clock);
    }

    /**
     * A whole answer in the Messages API's shape, read as one from Anthropic is: for a cloud whose own API carries
     * Claude's blocks in other words.
     */
    public static UpstreamReply answer(UpstreamCall call, JsonObject message, Clock clock) {
        return AnthropicAnswers.completion(call, message, clock, null);
    }

    @Override
    public UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        return AnthropicErrors.fromHead(call, head, body, clock);
    }

    @Override
    public StreamEvents events(UpstreamCall call) {
        return new AnthropicChunks(call.model().upstreamModel());
    }
}
