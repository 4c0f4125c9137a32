package dev.llmproxy.infrastructure.upstream.openai;

import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.infrastructure.upstream.RetryAfter;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * What an OpenAI-compatible API does its own way, for chat and vectors alike: where OpenAI's request goes and with
 * which credential header, an error it puts in a 2xx body or in a stream's chunk, how it says its waits, and whether
 * it takes OpenRouter's own fields. OpenAI's own API, and every server that copies it exactly, is {@link #NONE}.
 */
public interface OpenAiVariant {

    OpenAiVariant NONE = new OpenAiVariant() {
    };

    /**
     * OpenAI's request for a call, as this API takes it.
     *
     * @param openAis    the request OpenAI would be sent, without a credential
     * @param operation  the operation's path: {@code /chat/completions}, {@code /embeddings}
     * @param credential the provider's key or token, or null when it has none
     */
    default OutboundRequest request(OutboundRequest openAis, String operation, UpstreamCall call, String credential) {
        return withHeader(openAis, credential == null ? null
                : new OutboundRequest.Header("Authorization", "Bearer " + credential));
    }

    /** The error a 2xx body carries in place of an answer, or null when it carries none. */
    default UpstreamReply.HttpError inBand(UpstreamCall call, byte[] body) {
        return null;
    }

    /** A stream chunk as the proxy reads it: as it is, unless the API puts an error in it its own way. */
    default String chunk(String data) {
        return data;
    }

    /** A non-2xx answer: its status, and the wait in {@code retry-after}. */
    default UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        return HttpReplies.httpError(call, head.status(), RetryAfter.parse(head.header("retry-after"), clock), body);
    }

    /** Whether the API takes OpenRouter's fields (cache marks, thinking as a budget); the others get them dropped. */
    default boolean takesOpenRoutersFields() {
        return false;
    }

    /** The request with one more header; as it is when there is none. */
    static OutboundRequest withHeader(OutboundRequest request, OutboundRequest.Header header) {
        if (header == null) {
            return request;
        }
        List<OutboundRequest.Header> headers = new ArrayList<>(request.headers());
        headers.add(header);
        return new OutboundRequest(request.uri(), headers, request.body());
    }
}
