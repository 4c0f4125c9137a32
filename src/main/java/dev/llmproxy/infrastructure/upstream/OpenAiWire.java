package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.AskedReasoning;
import dev.llmproxy.application.proxy.CacheMarks;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.embeddings.EmbeddingReplies;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;

import jakarta.json.JsonObject;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * OpenAI's own chat completions and embeddings APIs, and every API compatible with them: sent as the caller wrote it,
 * but for OpenRouter's fields, which only OpenRouter is sent: prompt-cache marks ({@link CacheMarks}), and thinking
 * stated as a budget ({@link AskedReasoning}), which the others get as its effort.
 */
public final class OpenAiWire implements WireFormat {

    private static final OutboundRequest.Header JSON = new OutboundRequest.Header("Content-Type", "application/json");
    private static final OutboundRequest.Header ACCEPT_JSON = new OutboundRequest.Header("Accept", "application/json");
    private static final OutboundRequest.Header ACCEPT_EVENTS = new OutboundRequest.Header("Accept", "text/event-stream");
    private static final StreamEvents AS_THEY_ARE = (data, out) -> out.accept(data);
    private static final byte[] MARK = ("\"" + CacheMarks.FIELD + "\"").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] REASONING = ("\"" + AskedReasoning.FIELD + "\"").getBytes(StandardCharsets.US_ASCII);

    private final ConcurrentMap<URI, URI> chat = new ConcurrentHashMap<>();
    private final ConcurrentMap<URI, URI> embeddings = new ConcurrentHashMap<>();
    private final boolean keepsOpenRoutersFields;

    public OpenAiWire() {
        this(false);
    }

    private OpenAiWire(boolean keepsOpenRoutersFields) {
        this.keepsOpenRoutersFields = keepsOpenRoutersFields;
    }

    /** For OpenRouter, which takes its own fields: cache marks and thinking stated as a budget. */
    public static OpenAiWire keepingOpenRoutersFields() {
        return new OpenAiWire(true);
    }

    @Override
    public OutboundRequest request(UpstreamCall call, String apiKey) {
        OutboundRequest.Header accept = call.streaming() ? ACCEPT_EVENTS : ACCEPT_JSON;
        List<OutboundRequest.Header> headers = apiKey == null ? List.of(JSON, accept)
                : List.of(JSON, accept, new OutboundRequest.Header("Authorization", "Bearer " + apiKey));
        URI base = call.provider().baseUrl();
        URI uri = call.model().embeds() ? embeddings.computeIfAbsent(base, b -> URI.create(b + "/embeddings"))
                : chat.computeIfAbsent(base, b -> URI.create(b + "/chat/completions"));
        return new OutboundRequest(uri, headers, call.model().embeds() ? call.body() : chatBody(call.body()));
    }

    private byte[] chatBody(byte[] body) {
        byte[] fitted = OpenAiToolIds.fitted(body);
        if (keepsOpenRoutersFields || !(RequestBytes.contains(fitted, MARK) || RequestBytes.contains(fitted, REASONING))
                || !(JsonCodec.read(fitted) instanceof JsonObject chat)) {
            return fitted;
        }
        JsonObject plain = AskedReasoning.asEffort(CacheMarks.dropped(chat));
        return plain == chat ? fitted : JsonCodec.write(plain);
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
