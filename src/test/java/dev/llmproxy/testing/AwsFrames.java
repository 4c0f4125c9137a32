package dev.llmproxy.testing;

import software.amazon.awssdk.eventstream.HeaderValue;
import software.amazon.awssdk.eventstream.Message;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * ConverseStream's events as AWS frames them (each with its two checksums), from the lines of a recorded
 * {@code .events} file: {@code eventType payload}, or {@code !exceptionType payload} for an exception frame.
 */
public final class AwsFrames {

    private AwsFrames() {
    }

    /** One frame per line. */
    public static byte[][] frames(String... lines) {
        byte[][] out = new byte[lines.length][];
        for (int i = 0; i < lines.length; i++) {
            out[i] = frame(lines[i]);
        }
        return out;
    }

    /** All frames, one after the other. */
    public static byte[] stream(String... lines) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] frame : frames(lines)) {
            all.writeBytes(frame);
        }
        return all.toByteArray();
    }

    public static byte[] frame(String line) {
        int space = line.indexOf(' ');
        String type = line.substring(0, space);
        String payload = line.substring(space + 1);
        Map<String, HeaderValue> headers = new LinkedHashMap<>();
        if (type.startsWith("!")) {
            headers.put(":message-type", HeaderValue.fromString("exception"));
            headers.put(":exception-type", HeaderValue.fromString(type.substring(1)));
        } else {
            headers.put(":message-type", HeaderValue.fromString("event"));
            headers.put(":event-type", HeaderValue.fromString(type));
        }
        headers.put(":content-type", HeaderValue.fromString("application/json"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new Message(headers, payload.getBytes(StandardCharsets.UTF_8)).encode(out);
        return out.toByteArray();
    }
}
