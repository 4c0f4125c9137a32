package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.infrastructure.upstream.WireFormat;
import dev.llmproxy.infrastructure.upstream.embeddings.EmbeddingCall;
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
 * {@code :streamGenerateContent?alt=sse}, or {@code :batchEmbedContents} for an embedding model, with the key in
 * {@code x-goog-api-key}. The caller's OpenAI request is
 * translated to Gemini's, and every answer, stream event and error back.
 */
public final class GeminiWire implements WireFormat {

    private static final OutboundRequest.Header JSON = new OutboundRequest.Header("Content-Type", "application/json");
    private static final OutboundRequest.Header ACCEPT_JSON = new OutboundRequest.Header("Accept", "application/json");
    private static final OutboundRequest.Header ACCEPT_EVENTS = new OutboundRequest.Header("Accept", "text/event-stream");

    private final Clock clock;
    private final ConcurrentMap<String, URI> endpoints = new ConcurrentHashMap<>();

    public GeminiWire(Clock clock) {
        this.clock = clock;
    }

    @Override
    public UpstreamReply unsendable(UpstreamCall call) {
        if (call.model().embeds() && !EmbeddingCall.of(call).textOnly()) {
            return HttpReplies.httpError(call, 400, null, "proxy: Gemini embeds text only, not token ids");
        }
        return null;
    }

    @Override
    public OutboundRequest request(UpstreamCall call, String apiKey) {
        String model = GeminiThinking.bare(call.model().upstreamModel());
        boolean stream = call.streaming();
        boolean embed = call.model().embeds();
        String base = call.provider().baseUrl().toString();
        URI uri = endpoints.computeIfAbsent(base + "|" + model + "|" + stream + "|" + embed, k -> URI.create(base
                + "/models/" + model + (embed ? ":batchEmbedContents"
                : stream ? ":streamGenerateContent?alt=sse" : ":generateContent")));
        List<OutboundRequest.Header> headers = apiKey == null ? List.of(JSON, stream ? ACCEPT_EVENTS : ACCEPT_JSON)
                : List.of(JSON, stream ? ACCEPT_EVENTS : ACCEPT_JSON, new OutboundRequest.Header("x-goog-api-key", apiKey));
        return new OutboundRequest(uri, headers, JsonCodec.write(body(call)));
    }

    /** What a call asks, in Gemini's words (the same on Vertex AI). */
    public static JsonObject body(UpstreamCall call) {
        String model = GeminiThinking.bare(call.model().upstreamModel());
        return call.model().embeds() ? GeminiEmbeddings.translate(call, model) : GeminiRequests.translate(
                (JsonObject) JsonCodec.read(call.body()), call.model(), call.streaming(), call.moreRoom());
    }

    @Override
    public UpstreamReply completion(UpstreamCall call, byte[] body) {
        return call.model().embeds() ? GeminiEmbeddings.answer(call, body, clock)
                : GeminiAnswers.completion(call, body, clock);
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
