package dev.llmproxy.infrastructure.upstream.body;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.UpstreamReply;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * A 2xx body received whole, as every answer reader starts with it: a complete JSON object, or a malformed attempt
 * (a body cut short is never relayed as an answer); an error reported inside a 200, as the status it stands for.
 */
public final class AnswerBody {

    private AnswerBody() {
    }

    /** The body as a JSON object, or null when it is not one (not JSON, cut short, or another JSON value). */
    public static JsonObject object(byte[] body) {
        try {
            return JsonCodec.read(body) instanceof JsonObject o ? o : null;
        } catch (JsonException e) {
            return null;
        }
    }

    /** A stream event's data as a JSON object, or null when it is not one. */
    public static JsonObject object(String data) {
        try {
            return JsonCodec.read(data) instanceof JsonObject o ? o : null;
        } catch (JsonException e) {
            return null;
        }
    }

    /** The attempt's failure for a body {@link #object} could not read. */
    public static UpstreamReply.Failed unreadable(byte[] body) {
        return malformed("body is not a complete JSON object (" + body.length + " bytes)");
    }

    /**
     * An OpenAI-compatible server's error inside a 200 (OpenRouter reports upstream errors so): the status its code
     * names, or a malformed attempt when it names none; null when the body has {@code content} and no error.
     *
     * @param content the field a real answer has ({@code choices}, {@code data})
     */
    public static UpstreamReply inBandError(JsonObject root, String content) {
        if (root.containsKey(content) || !(root.get("error") instanceof JsonObject error)) {
            return null;
        }
        JsonValue code = error.get("code");
        if (code instanceof JsonNumber n && n.isIntegral() && n.intValue() >= 400 && n.intValue() <= 599) {
            return new UpstreamReply.HttpError(n.intValue(), null, root.toString());
        }
        return malformed("error object in a 2xx body");
    }

    public static UpstreamReply.Failed malformed(String detail) {
        return new UpstreamReply.Failed(FailureKind.MALFORMED, detail);
    }
}
