package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;

import java.time.Clock;
import java.util.function.Consumer;

/**
 * How one kind of provider API is spoken: where a call goes and what it sends, and how its answers read in OpenAI's
 * terms. Callers always speak OpenAI's format; everything a provider does differently stays behind this seam, so
 * the transports, timers, streaming and classification are written once.
 */
public interface WireFormat {

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
     * @param apiKey the provider's key, or null when it has none
     */
    OutboundRequest request(UpstreamCall call, String apiKey);

    /** A 2xx body received whole: a completion in OpenAI's shape, or why it is not one. */
    UpstreamReply completion(UpstreamCall call, byte[] body);

    /** A non-2xx answer (its body possibly cut short): the status the outcome table should see, and the wait. */
    UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock);

    /** How a streamed answer is framed into events: Server-Sent Events unless the provider says otherwise. */
    default StreamFraming framing() {
        return StreamFraming.SSE;
    }

    /** Reads one streamed answer's events; one per attempt, so it may keep what the stream said so far. */
    StreamEvents events(UpstreamCall call);

    /** Turns a provider's stream events into OpenAI chunk events ({@code data:} payloads). */
    @FunctionalInterface
    interface StreamEvents {
        /** @param data one event's data; {@code out} takes zero or more OpenAI chunk payloads, in order */
        void translate(String data, Consumer<String> out);
    }
}
