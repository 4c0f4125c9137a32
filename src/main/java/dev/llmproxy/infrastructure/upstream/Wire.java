package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;

import java.time.Clock;

/**
 * How one operation (a chat answer, {@link ChatWire}; vectors, {@link EmbeddingWire}) is asked of one kind of
 * provider API: where a call goes and what it sends, and how its answers and errors read in OpenAI's terms. Each
 * kind registers one wire per operation it serves, so no wire asks which operation it is speaking.
 */
public interface Wire {

    /**
     * Why this provider cannot be asked this at all (e.g. token ids to a provider that reads only text), as the
     * reply the outcome table sees; null when it can. Nothing is sent then.
     */
    default UpstreamReply unsendable(UpstreamCall call) {
        return null;
    }

    /**
     * The request for one call.
     *
     * @param credential the provider's key or token, or null when it has none
     */
    OutboundRequest request(UpstreamCall call, String credential);

    /** A 2xx body received whole: the answer in OpenAI's shape, or why it is not one. */
    UpstreamReply answer(UpstreamCall call, byte[] body);

    /** A non-2xx answer (its body possibly cut short): the status the outcome table should see, and the wait. */
    UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock);
}
