package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.replay.KeptAnswer;

import java.io.ByteArrayOutputStream;
import java.util.Map;

/**
 * The events of a streamed answer whose idempotency key keeps it, as they were sent to the client (or would have
 * been: a keyed stream goes on to its end when its client leaves, so that a retry gets it whole). Keep-alives are not
 * part of it.
 */
final class SseRecording {

    /** For a stream without an idempotency key: records nothing. */
    static final SseRecording NONE = new SseRecording(false);

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final boolean records;
    private boolean tooLarge;
    private Map<String, String> headers = Map.of();

    SseRecording(boolean records) {
        this.records = records;
    }

    /** The stream opened with these headers ({@link AnswerHeaders#ofStream}). */
    void opened(Map<String, String> answerHeaders) {
        if (records) {
            synchronized (this) {
                headers = answerHeaders;
            }
        }
    }

    synchronized Map<String, String> headers() {
        return headers;
    }

    /** Adds {@code events}; returns them. */
    byte[] add(byte[] events) {
        if (records) { // NONE, shared by every stream without a key, is never locked
            synchronized (this) {
                if (tooLarge) {
                    return events;
                }
                if (bytes.size() + events.length > KeptAnswer.MAX_BYTES) {
                    tooLarge = true;
                    bytes.reset();
                } else {
                    bytes.writeBytes(events);
                }
            }
        }
        return events;
    }

    /** Every event so far; null when they passed {@link KeptAnswer#MAX_BYTES} (then nothing is kept). */
    synchronized byte[] events() {
        return tooLarge ? null : bytes.toByteArray();
    }
}
