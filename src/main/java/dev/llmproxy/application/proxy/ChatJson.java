package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.RequestBody;
import jakarta.json.JsonObject;

/** A chat request held as the object the proxy parsed and built, written to bytes once, when a wire sends it as is. */
public final class ChatJson implements RequestBody {

    private final JsonObject object;
    private volatile byte[] bytes;

    public ChatJson(JsonObject object) {
        this.object = object;
    }

    @Override
    public byte[] bytes() {
        byte[] written = bytes;
        if (written == null) {
            written = JsonCodec.write(object); // two hedged attempts may both write it: the same bytes
            bytes = written;
        }
        return written;
    }

    /** The request as an object: the one the proxy holds, or read from the bytes a body came as. */
    public static JsonObject of(RequestBody body) {
        return body instanceof ChatJson json ? json.object : (JsonObject) JsonCodec.read(body.bytes());
    }
}
