package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatJson;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.ChatWire;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import jakarta.json.JsonObject;

import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Google's Generative Language API in its own format: {@code {base}/models/{model}:generateContent}, or
 * {@code :streamGenerateContent?alt=sse}, with the key in {@code x-goog-api-key} (embeddings:
 * {@link GeminiEmbeddingWire}). The caller's OpenAI request is
 * translated to Gemini's, and every answer, stream event and error back.
 */
public final class GeminiWire implements ChatWire {

    private static final OutboundRequest.Header JSON = new OutboundRequest.Header("Content-Type", "application/json");
    private static final OutboundRequest.Header ACCEPT_JSON = new OutboundRequest.Header("Accept", "application/json");
    private static final OutboundRequest.Header ACCEPT_EVENTS = new OutboundRequest.Header("Accept", "text/event-stream");

    private final Clock clock;
    private final ConcurrentMap<String, URI> endpoints = new ConcurrentHashMap<>();

    public GeminiWire(Clock clock) {
        this.clock = clock;
    }

    @Override
    public OutboundRequest request(UpstreamCall call, String apiKey) {
        String model = GeminiThinking.bare(call.model().upstreamModel());
        boolean stream = call.streaming();
        String base = call.provider().baseUrl().toString();
        URI uri = endpoints.computeIfAbsent(base + "|" + model + "|" + stream, k -> URI.create(base
                + "/models/" + model + (stream ? ":streamGenerateContent?alt=sse" : ":generateContent")));
        return new OutboundRequest(uri, headers(apiKey, stream), JsonCodec.write(body(call)));
    }

    /** JSON out, JSON or events back, and the key in {@code x-goog-api-key}: what every operation of this API sends. */
    static List<OutboundRequest.Header> headers(String apiKey, boolean stream) {
        OutboundRequest.Header accept = stream ? ACCEPT_EVENTS : ACCEPT_JSON;
        return apiKey == null ? List.of(JSON, accept)
                : List.of(JSON, accept, new OutboundRequest.Header("x-goog-api-key", apiKey));
    }

    /** What a call asks, in Gemini's words (the same on Vertex AI). */
    public static JsonObject body(UpstreamCall call) {
        return GeminiRequests.translate(ChatJson.held(call.body()), call.model(), call.streaming(), call.moreRoom());
    }

    @Override
    public UpstreamReply answer(UpstreamCall call, byte[] body) {
        return GeminiAnswers.completion(call, body, clock);
    }

    @Override
    public UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        return GeminiErrors.read(call, head.status(), body, clock);
    }

    @Override
    public StreamEvents events(UpstreamCall call) {
        return new GeminiChunks(GeminiThinking.bare(call.model().upstreamModel()));
    }
}
