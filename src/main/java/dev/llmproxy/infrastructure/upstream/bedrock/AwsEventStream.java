package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.infrastructure.upstream.StreamFraming;
import software.amazon.awssdk.eventstream.HeaderType;
import software.amazon.awssdk.eventstream.HeaderValue;
import software.amazon.awssdk.eventstream.Message;
import software.amazon.awssdk.eventstream.MessageDecoder;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * AWS's binary event stream ({@code application/vnd.amazon.eventstream}), decoded by AWS's own decoder, which checks
 * each frame's two checksums. Each frame is handed on as {@code {"<event type>": payload}}, the event's JSON under
 * the name of its type, as Converse's stream output union spells it: an exception frame under its exception type
 * ({@code {"throttlingException": {"message": ...}}}), an error frame as an {@code internalServerException}.
 */
final class AwsEventStream implements StreamFraming {

    static final String CONTENT_TYPE = "application/vnd.amazon.eventstream";
    /** An event type is a name; anything else would not make the JSON it is put in. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,99}");

    @Override
    public boolean frames(String contentType) {
        return contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith(CONTENT_TYPE);
    }

    @Override
    public Decoder open(Consumer<String> onEvent) {
        List<Message> whole = new ArrayList<>();
        MessageDecoder decoder = new MessageDecoder(whole::add);
        return new Decoder() {
            @Override
            public void feed(ByteBuffer bytes) throws IOException {
                IOException broken = null;
                try {
                    decoder.feed(bytes);
                } catch (RuntimeException unreadable) {
                    // a checksum that does not match, a length that cannot be
                    broken = new IOException("event stream frame unreadable: " + unreadable.getMessage(), unreadable);
                }
                // handed on outside the decoder, so that what the reader does is never taken for a bad frame
                for (Message message : whole) {
                    onEvent.accept(event(message));
                }
                whole.clear();
                if (broken != null) {
                    throw broken;
                }
            }

            @Override
            public void end() {
                // a frame is handed on only when whole: a part left over is a cut, seen as one downstream
            }
        };
    }

    static String event(Message message) {
        Map<String, HeaderValue> headers = message.getHeaders();
        String kind = text(headers, ":message-type", "event");
        String payload = new String(message.getPayload(), StandardCharsets.UTF_8).strip();
        String type = switch (kind) {
            case "event" -> text(headers, ":event-type", "");
            case "exception" -> text(headers, ":exception-type", "internalServerException");
            default -> {
                payload = "{\"message\":" + quoted(text(headers, ":error-code", "error") + ": "
                        + text(headers, ":error-message", "")) + "}";
                yield "internalServerException";
            }
        };
        if (!NAME.matcher(type).matches()) {
            return payload; // not a Converse event: counted as malformed downstream
        }
        return "{\"" + type + "\":" + (payload.isEmpty() ? "{}" : payload) + "}";
    }

    private static String text(Map<String, HeaderValue> headers, String name, String otherwise) {
        HeaderValue v = headers.get(name);
        return v == null || v.getType() != HeaderType.STRING ? otherwise : v.getString();
    }

    private static String quoted(String s) {
        return jakarta.json.Json.createValue(s).toString();
    }
}
