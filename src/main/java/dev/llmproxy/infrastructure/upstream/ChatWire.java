package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.upstream.UpstreamCall;

import dev.llmproxy.domain.streaming.SentEvent;

/**
 * How a kind of provider is asked for a chat answer, whole or streamed. Everything a provider does differently stays
 * behind this seam, so the transports, timers, streaming and classification are written once.
 */
public interface ChatWire extends Wire {

    /** How a streamed answer is framed into events: Server-Sent Events unless the provider says otherwise. */
    default StreamFraming framing() {
        return StreamFraming.SSE;
    }

    /** Reads one streamed answer's events; one per attempt, so it may keep what the stream said so far. */
    StreamEvents events(UpstreamCall call);

    /** Reads a provider's stream events into typed chunks. */
    @FunctionalInterface
    interface StreamEvents {
        /** @param data one event's data; {@code out} takes zero or more chunks, in order */
        void translate(String data, Chunks out);
    }

    /** Where a stream's events go on, read. */
    interface Chunks {

        /** An event as text: {@code [DONE]}, an OpenAI-compatible chunk as it came, or what could not be read. */
        void text(String data);

        /** What a wire read from its provider's event, typed: handed on as it is, never written to be read again. */
        void chunk(StreamChunk chunk);

        /**
         * The provider's event the chunks that follow are read from, as it came, in a dialect a front door speaks
         * too: it travels with the next chunk relayed, so a caller of that dialect gets it unchanged.
         */
        default void sent(SentEvent event) {
            // a reader that relays nothing as it came ignores it
        }
    }
}
