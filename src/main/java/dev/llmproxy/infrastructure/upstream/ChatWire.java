package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.upstream.UpstreamCall;

import dev.llmproxy.domain.streaming.SentEvent;
import jakarta.json.JsonObject;

/**
 * How a kind of provider is asked for a chat answer, whole or streamed. Callers always speak OpenAI's format;
 * everything a provider does differently stays behind this seam, so the transports, timers, streaming and
 * classification are written once.
 */
public interface ChatWire extends Wire {

    /** How a streamed answer is framed into events: Server-Sent Events unless the provider says otherwise. */
    default StreamFraming framing() {
        return StreamFraming.SSE;
    }

    /** Reads one streamed answer's events; one per attempt, so it may keep what the stream said so far. */
    StreamEvents events(UpstreamCall call);

    /** Turns a provider's stream events into OpenAI chunk events. */
    @FunctionalInterface
    interface StreamEvents {
        /** @param data one event's data; {@code out} takes zero or more OpenAI chunk events, in order */
        void translate(String data, Chunks out);
    }

    /** Where a stream's events go on, in OpenAI's chunk form. */
    interface Chunks {

        /** An event as text: {@code [DONE]}, a chunk passed on as the provider wrote it, or what could not be read. */
        void text(String data);

        /** A chunk (or an {@code error} event) a wire built: handed on as it is, never written to be read again. */
        void chunk(JsonObject chunk);

        /**
         * The provider's event the chunks that follow are read from, as it came, in a dialect a front door speaks
         * too: it travels with the next chunk relayed, so a caller of that dialect gets it unchanged.
         */
        default void sent(SentEvent event) {
            // a reader that relays nothing as it came ignores it
        }
    }
}
