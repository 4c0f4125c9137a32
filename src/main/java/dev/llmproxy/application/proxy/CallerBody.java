package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.json.JsonLimitException;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParsingException;

/** A caller's request body, whichever door it came through: read within the parser's limits, or a clear 400. */
public final class CallerBody {

    private CallerBody() {
    }

    /**
     * The body as a JSON object.
     *
     * @throws ProxyException a 400 that says where the JSON is broken
     */
    public static JsonObject object(byte[] bytes) {
        JsonValue value;
        try {
            value = JsonCodec.read(bytes);
        } catch (JsonLimitException e) {
            throw bad(e.path().isEmpty() ? null : e.path(), "The request body is refused: " + e.getMessage() + ".");
        } catch (JsonParsingException e) {
            var loc = e.getLocation();
            throw bad(null, "The request body is not valid JSON"
                    + (loc == null ? "" : " (line " + loc.getLineNumber() + ", column " + loc.getColumnNumber() + ")") + ".");
        } catch (JsonException e) {
            throw bad(null, "The request body is not valid JSON.");
        }
        if (!(value instanceof JsonObject body)) {
            throw bad(null, "The request body must be a JSON object.");
        }
        return body;
    }

    /** The 400 for what is wrong with a request, naming the parameter at fault (or null). */
    public static ProxyException bad(String param, String message) {
        return new ProxyException(new ProxyError(ErrorKind.BAD_REQUEST, message, param, null));
    }
}
