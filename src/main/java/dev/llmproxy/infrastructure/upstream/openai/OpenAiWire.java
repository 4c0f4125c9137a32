package dev.llmproxy.infrastructure.upstream.openai;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.AskedReasoning;
import dev.llmproxy.application.proxy.CacheMarks;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.ChatWire;
import dev.llmproxy.infrastructure.upstream.CompletionParser;
import dev.llmproxy.infrastructure.upstream.RequestBytes;
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
 * OpenAI's chat completions API, and every API compatible with it ({@link OpenAiVariant}): sent as the caller wrote
 * it, but for OpenRouter's fields, which only an API that takes them is sent: prompt-cache marks ({@link CacheMarks}),
 * and thinking stated as a budget ({@link AskedReasoning}), which the others get as its effort.
 */
public final class OpenAiWire implements ChatWire {

    private static final OutboundRequest.Header JSON = new OutboundRequest.Header("Content-Type", "application/json");
    private static final OutboundRequest.Header ACCEPT_JSON = new OutboundRequest.Header("Accept", "application/json");
    private static final OutboundRequest.Header ACCEPT_EVENTS = new OutboundRequest.Header("Accept", "text/event-stream");
    private static final byte[] MARK = ("\"" + CacheMarks.FIELD + "\"").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] REASONING = ("\"" + AskedReasoning.FIELD + "\"").getBytes(StandardCharsets.US_ASCII);

    private static final String OPERATION = "/chat/completions";

    private final ConcurrentMap<URI, URI> chat = new ConcurrentHashMap<>();
    private final OpenAiVariant variant;
    private final StreamEvents events;

    /** OpenAI's own API. */
    public OpenAiWire() {
        this(OpenAiVariant.NONE);
    }

    public OpenAiWire(OpenAiVariant variant) {
        this.variant = variant;
        this.events = (data, out) -> out.text(variant.chunk(data));
    }

    @Override
    public OutboundRequest request(UpstreamCall call, String credential) {
        URI uri = chat.computeIfAbsent(call.provider().baseUrl(), b -> URI.create(b + OPERATION));
        return variant.request(new OutboundRequest(uri, headers(call.streaming()), chatBody(call.body().bytes())), OPERATION,
                call, credential);
    }

    /** JSON out, JSON or events back: what every operation of this API sends, before its credential. */
    static List<OutboundRequest.Header> headers(boolean stream) {
        return List.of(JSON, stream ? ACCEPT_EVENTS : ACCEPT_JSON);
    }

    private byte[] chatBody(byte[] body) {
        byte[] fitted = OpenAiToolIds.fitted(body);
        if (variant.takesOpenRoutersFields() || !(RequestBytes.contains(fitted, MARK) || RequestBytes.contains(fitted, REASONING))
                || !(JsonCodec.read(fitted) instanceof JsonObject chat)) {
            return fitted;
        }
        JsonObject plain = AskedReasoning.asEffort(CacheMarks.dropped(chat));
        return plain == chat ? fitted : JsonCodec.write(plain);
    }

    @Override
    public UpstreamReply answer(UpstreamCall call, byte[] body) {
        UpstreamReply inBand = variant.inBand(call, body);
        return inBand != null ? inBand : CompletionParser.parse(body, call.model().upstreamModel());
    }

    @Override
    public UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        return variant.error(call, head, body, clock);
    }

    @Override
    public StreamEvents events(UpstreamCall call) {
        return events;
    }
}
