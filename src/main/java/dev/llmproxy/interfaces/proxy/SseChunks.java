package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatDeltas;
import dev.llmproxy.domain.answer.Sent;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.streaming.SentEvent;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.interfaces.json.ErrorBodies;

import dev.llmproxy.interfaces.proxy.door.StreamDialect;
import java.nio.charset.StandardCharsets;

/**
 * The Server-Sent Events of one streamed answer in OpenAI's chunk format: every chunk carries the request's id, its
 * creation time and the model answering now (which changes when another model continues the answer).
 */
final class SseChunks implements StreamDialect {

    static final byte[] DONE = "data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8);

    private final String prefix;
    private final boolean includeUsage;
    private String model;

    /** @param includeUsage whether the caller asked for the usage chunk ({@code stream_options.include_usage}) */
    SseChunks(String requestId, long created, boolean includeUsage) {
        this.includeUsage = includeUsage;
        this.prefix = "data: {\"id\":" + quote("chatcmpl-" + requestId) + ",\"object\":\"chat.completion.chunk\","
                + "\"created\":" + created + ",\"model\":";
    }

    /** From now on the chunks name this model. */
    @Override
    public void answeredBy(String upstreamModel) {
        model = quote(upstreamModel);
    }

    /** The opening chunk: the assistant's role, no content yet. */
    @Override
    public byte[] open(String upstreamModel) {
        answeredBy(upstreamModel);
        return delta("{\"role\":\"assistant\",\"content\":\"\"}", null);
    }

    /**
     * The upstream's choice as it came when it spoke chat (its delta, logprobs and finish reason), else one written
     * from the typed piece, with its fingerprint when it sent one: only the ids and model are ours.
     */
    @Override
    public byte[] event(StreamEvent event) {
        String asSent = SentEvent.last(event.sent(), Sent.Dialect.CHAT);
        String choice = asSent != null ? asSent : "{\"index\":0,\"delta\":" + ChatDeltas.write(event.text(), event.parts())
                + ",\"finish_reason\":" + (event.finish() == null ? "null" : quote(event.finish().chat())) + "}";
        return utf8(prefix + model + (event.fingerprint() == null ? ""
                : ",\"system_fingerprint\":" + quote(event.fingerprint())) + ",\"choices\":[" + choice + "]}\n\n");
    }

    /** The usage chunk when the caller asked for it, then {@code [DONE]}. */
    @Override
    public byte[] finish(TokenUsage usage) {
        if (!includeUsage) {
            return DONE;
        }
        byte[] u = usage(usage);
        byte[] all = java.util.Arrays.copyOf(u, u.length + DONE.length);
        System.arraycopy(DONE, 0, all, u.length, DONE.length);
        return all;
    }

    @Override
    public byte[] error(ProxyError error) {
        return errorEvent(error);
    }

    byte[] delta(String deltaJson, String finishReason) {
        String finish = finishReason == null ? "null" : quote(finishReason);
        return utf8(prefix + model + ",\"choices\":[{\"index\":0,\"delta\":" + deltaJson + ",\"finish_reason\":"
                + finish + "}]}\n\n");
    }

    /** The usage chunk a client asks for with {@code stream_options.include_usage}: no choices, only usage. */
    byte[] usage(TokenUsage usage) {
        String u = "{\"prompt_tokens\":" + usage.promptTokens() + ",\"completion_tokens\":" + usage.completionTokens()
                + ",\"total_tokens\":" + usage.totalTokens()
                + (usage.cachedPromptTokens() == null && usage.cacheWriteTokens() == null ? ""
                : ",\"prompt_tokens_details\":{" + (usage.cachedPromptTokens() == null ? ""
                : "\"cached_tokens\":" + usage.cachedPromptTokens() + (usage.cacheWriteTokens() == null ? "" : ","))
                + (usage.cacheWriteTokens() == null ? "" : "\"cache_write_tokens\":" + usage.cacheWriteTokens()) + "}")
                + (usage.reasoningTokens() == null ? ""
                : ",\"completion_tokens_details\":{\"reasoning_tokens\":" + usage.reasoningTokens() + "}") + "}";
        return utf8(prefix + model + ",\"choices\":[],\"usage\":" + u + "}\n\n");
    }

    /**
     * An in-band error, in the shape of an OpenAI error body, as an {@code error} event: the official SDKs raise on
     * either the event name or the body, and the event name tells other readers it is not a chunk.
     */
    static byte[] errorEvent(ProxyError error) {
        return utf8("event: error\ndata: " + JsonCodec.writeText(ErrorBodies.of(error)) + "\n\n");
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String quote(String s) {
        return JsonCodec.value(s).toString();
    }
}
