package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.embeddings.EmbeddingReplies;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;

import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * OpenAI's own chat completions and embeddings APIs, and every API compatible with them: sent as the caller wrote it.
 */
public final class OpenAiWire implements WireFormat {

    private static final OutboundRequest.Header JSON = new OutboundRequest.Header("Content-Type", "application/json");
    private static final OutboundRequest.Header ACCEPT_JSON = new OutboundRequest.Header("Accept", "application/json");
    private static final OutboundRequest.Header ACCEPT_EVENTS = new OutboundRequest.Header("Accept", "text/event-stream");
    private static final StreamEvents AS_THEY_ARE = (data, out) -> out.accept(data);

    private final ConcurrentMap<URI, URI> chat = new ConcurrentHashMap<>();
    private final ConcurrentMap<URI, URI> embeddings = new ConcurrentHashMap<>();

    @Override
    public OutboundRequest request(UpstreamCall call, String apiKey) {
        OutboundRequest.Header accept = call.streaming() ? ACCEPT_EVENTS : ACCEPT_JSON;
        List<OutboundRequest.Header> headers = apiKey == null ? List.of(JSON, accept)
                : List.of(JSON, accept, new OutboundRequest.Header("Authorization", "Bearer " + apiKey));
        URI base = call.provider().baseUrl();
        URI uri = call.model().embeds() ? embeddings.computeIfAbsent(base, b -> URI.create(b + "/embeddings"))
                : chat.computeIfAbsent(base, b -> URI.create(b + "/chat/completions"));
        return new OutboundRequest(uri, headers, call.model().embeds() ? call.body() : OpenAiToolIds.fitted(call.body()));
    }

    @Override
    public UpstreamReply completion(UpstreamCall call, byte[] body) {
        return call.model().embeds() ? EmbeddingReplies.checked(call, body)
                : CompletionParser.parse(body, call.model().upstreamModel());
    }

    @Override
    public UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        return HttpReplies.httpError(call, head.status(), RetryAfter.parse(head.header("retry-after"), clock), body);
    }

    @Override
    public StreamEvents events(UpstreamCall call) {
        return AS_THEY_ARE;
    }
}
