package dev.llmproxy.interfaces.proxy.translation;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;


/**
 * What every front door's translation reads out of the proxy's chat shapes (a completion's message, a stream's delta)
 * and the checks they share when reading a request: one place, so that the dialects read chat alike.
 */
public final class ChatParts {


    private ChatParts() {
    }


    /** The text a message or delta shows: its content, then its refusal, or "". */
    public static String text(JsonObject o) {
        return string(o, "content", "") + string(o, "refusal", "");
    }

    public static String string(JsonObject o, String field, String otherwise) {
        return o.get(field) instanceof JsonString s ? s.getString() : otherwise;
    }

    /** Copies a numeric field when present; anything but a number is a 400 naming it. */
    public static void number(JsonObject in, JsonObjectBuilder out, String field) {
        JsonValue v = in.get(field);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            return;
        }
        if (!(v instanceof JsonNumber)) {
            throw bad(field, "'" + field + "' must be a number.");
        }
        out.add(field, v);
    }

    public static ProxyException bad(String param, String message) {
        return new ProxyException(ProxyError.badField(param, message));
    }
}
