package dev.llmproxy.infrastructure.upstream.vertex;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.ChatWire;
import dev.llmproxy.infrastructure.upstream.anthropic.AnthropicWire;
import dev.llmproxy.infrastructure.upstream.gemini.GeminiWire;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Google Cloud's Vertex AI: Gemini and Claude under a project's location, with a Google access token. The base URL
 * names the project and location ({@code https://us-east5-aiplatform.googleapis.com/v1/projects/p/locations/us-east5},
 * or {@code https://aiplatform.googleapis.com/v1/projects/p/locations/global}); a model whose upstream name starts
 * with {@code claude} is Anthropic's ({@code publishers/anthropic/models/{m}:rawPredict}, or
 * {@code :streamRawPredict}, the Messages API without the model in the body), any other Google's
 * ({@code publishers/google/models/{m}:generateContent}, or {@code :streamGenerateContent?alt=sse}). Each speaks what
 * the same model speaks at its maker's own API, so answers, streams and errors read as they do there.
 */
public final class VertexWire implements ChatWire {

    /** The Messages API version Vertex AI takes, in the body. */
    static final String ANTHROPIC_VERSION = "vertex-2023-10-16";
    private static final OutboundRequest.Header JSON = new OutboundRequest.Header("Content-Type", "application/json");
    private static final OutboundRequest.Header ACCEPT_JSON = new OutboundRequest.Header("Accept", "application/json");
    private static final OutboundRequest.Header ACCEPT_EVENTS = new OutboundRequest.Header("Accept", "text/event-stream");

    private final GeminiWire gemini;
    private final AnthropicWire anthropic;
    private final ConcurrentMap<String, URI> endpoints = new ConcurrentHashMap<>();

    public VertexWire(Clock clock) {
        this.gemini = new GeminiWire(clock);
        this.anthropic = new AnthropicWire(clock);
    }

    /** Whether Vertex AI serves this upstream model through Anthropic's publisher (Claude) rather than Google's. */
    static boolean claude(String upstreamModel) {
        return upstreamModel.startsWith("claude");
    }

    private ChatWire maker(UpstreamCall call) {
        return claude(call.model().upstreamModel()) ? anthropic : gemini;
    }

    @Override
    public UpstreamReply unsendable(UpstreamCall call) {
        return maker(call).unsendable(call);
    }

    @Override
    public OutboundRequest request(UpstreamCall call, String token) {
        boolean claude = claude(call.model().upstreamModel());
        boolean stream = call.streaming();
        String base = call.provider().baseUrl().toString().replaceAll("/+$", "");
        URI uri = endpoints.computeIfAbsent(base + "|" + call.model().upstreamModel() + "|" + stream,
                k -> URI.create(base + (claude ? "/publishers/anthropic/models/" : "/publishers/google/models/")
                        + call.model().upstreamModel() + (claude ? stream ? ":streamRawPredict" : ":rawPredict"
                        : stream ? ":streamGenerateContent?alt=sse" : ":generateContent")));
        OutboundRequest.Header accept = stream ? ACCEPT_EVENTS : ACCEPT_JSON;
        List<OutboundRequest.Header> headers = token == null ? List.of(JSON, accept)
                : List.of(JSON, accept, new OutboundRequest.Header("Authorization", "Bearer " + token));
        JsonObject body = claude ? Json.createObjectBuilder(AnthropicWire.body(call)).remove("model")
                .add("anthropic_version", ANTHROPIC_VERSION).build() : GeminiWire.body(call);
        return new OutboundRequest(uri, headers, JsonCodec.write(body));
    }

    @Override
    public UpstreamReply answer(UpstreamCall call, byte[] body) {
        return maker(call).answer(call, body);
    }

    @Override
    public UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        return maker(call).error(call, head, body, clock);
    }

    @Override
    public StreamEvents events(UpstreamCall call) {
        return maker(call).events(call);
    }
}
