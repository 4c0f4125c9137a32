package dev.llmproxy.infrastructure.upstream.openai;

import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.EmbeddingWire;
import dev.llmproxy.infrastructure.upstream.embeddings.EmbeddingReplies;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;

import java.net.URI;
import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * OpenAI's embeddings API and every API compatible with it ({@link OpenAiVariant}): {@code {base}/embeddings}, the
 * request as the caller wrote it; the answer is checked to hold one vector per input, as asked.
 */
public final class OpenAiEmbeddingWire implements EmbeddingWire {

    private static final String OPERATION = "/embeddings";

    private final ConcurrentMap<URI, URI> endpoints = new ConcurrentHashMap<>();
    private final OpenAiVariant variant;

    /** OpenAI's own API. */
    public OpenAiEmbeddingWire() {
        this(OpenAiVariant.NONE);
    }

    public OpenAiEmbeddingWire(OpenAiVariant variant) {
        this.variant = variant;
    }

    @Override
    public OutboundRequest request(UpstreamCall call, String credential) {
        URI uri = endpoints.computeIfAbsent(call.provider().baseUrl(), b -> URI.create(b + OPERATION));
        return variant.request(new OutboundRequest(uri, OpenAiWire.headers(false), call.body().bytes()), OPERATION, call,
                credential);
    }

    @Override
    public UpstreamReply answer(UpstreamCall call, byte[] body) {
        UpstreamReply inBand = variant.inBand(call, body);
        return inBand != null ? inBand : EmbeddingReplies.checked(call, body);
    }

    @Override
    public UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        return variant.error(call, head, body, clock);
    }
}
