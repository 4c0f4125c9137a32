package dev.llmproxy.infrastructure.upstream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Splits a Server-Sent Events byte stream into events' {@code data} (several data lines joined by a newline), as
 * the bytes arrive in arbitrary pieces. Comments, {@code event:}, {@code id:} and {@code retry:} lines are ignored.
 * Lines are decoded whole, so a UTF-8 character split across pieces is never broken.
 */
final class SseParser implements StreamFraming.Decoder {

    /** An event larger than this is not a chat chunk. */
    static final int MAX_EVENT = 4 * 1024 * 1024;

    private final Consumer<String> onData;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private StringBuilder data;
    private boolean lastWasCr;

    SseParser(Consumer<String> onData) {
        this.onData = onData;
    }

    @Override
    public void feed(ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            byte b = bytes.get();
            if (b == '\n' && lastWasCr) {
                lastWasCr = false;
                continue; // the LF of a CRLF
            }
            lastWasCr = b == '\r';
            if (b == '\n' || b == '\r') {
                endOfLine();
            } else {
                if (line.size() >= MAX_EVENT) {
                    throw new IOException("server-sent event longer than " + MAX_EVENT + " bytes");
                }
                line.write(b);
            }
        }
    }

    /** The body ended: an event not yet terminated by a blank line is dispatched (the stream ended cleanly). */
    @Override
    public void end() {
        if (line.size() > 0) {
            endOfLine();
        }
        dispatch();
    }

    private void endOfLine() {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        if (text.isEmpty()) {
            dispatch();
            return;
        }
        if (text.startsWith(":")) {
            return;
        }
        int colon = text.indexOf(':');
        String field = colon < 0 ? text : text.substring(0, colon);
        if (!field.equals("data")) {
            return;
        }
        String value = colon < 0 ? "" : text.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        if (data == null) {
            data = new StringBuilder(value);
        } else {
            data.append('\n').append(value);
        }
    }

    private void dispatch() {
        if (data != null) {
            String event = data.toString();
            data = null;
            onData.accept(event);
        }
    }
}
