package dev.llmproxy.infrastructure.upstream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * How a provider frames a streamed answer into events: Server-Sent Events for most, AWS's binary event stream for
 * Bedrock. Each event reaches the wire format's {@link ChatWire.StreamEvents} as one JSON text.
 */
public interface StreamFraming {

    /** Server-Sent Events: each event's {@code data}. */
    StreamFraming SSE = new StreamFraming() {
        @Override
        public boolean frames(String contentType) {
            return contentType != null && contentType.toLowerCase(Locale.ROOT).contains("text/event-stream");
        }

        @Override
        public Decoder open(Consumer<String> onEvent) {
            return new SseParser(onEvent);
        }
    };

    /** Whether a successful answer of this content type is a stream of events (else it came in one piece). */
    boolean frames(String contentType);

    /** A decoder for one answer, handing each event to {@code onEvent} as it is whole. */
    Decoder open(Consumer<String> onEvent);

    /** Reads one answer's bytes as they arrive, in pieces of any size. */
    interface Decoder {
        /** @throws IOException when the bytes cannot be framed (the stream is broken) */
        void feed(ByteBuffer bytes) throws IOException;

        /** The body ended cleanly: what is still held and whole is handed on. */
        void end();
    }
}
