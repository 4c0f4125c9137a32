package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.infrastructure.upstream.RequestBytes;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.nio.charset.StandardCharsets;

/** Converse takes an image's bytes, never its URL: a request with an image by URL cannot be sent as it is. */
final class ConverseImages {

    private static final byte[] IMAGE_URL = "\"image_url\"".getBytes(StandardCharsets.UTF_8);

    private ConverseImages() {
    }

    /** Whether a chat request holds an image part whose URL is not a {@code data:} URL. */
    static boolean byUrl(byte[] chat) {
        if (!RequestBytes.contains(chat, IMAGE_URL)) {
            return false; // the common case, without reading the request
        }
        if (!(JsonCodec.read(chat) instanceof JsonObject request && request.get("messages") instanceof JsonArray messages)) {
            return false;
        }
        for (JsonValue m : messages) {
            if (m instanceof JsonObject message && message.get("content") instanceof JsonArray parts) {
                for (JsonValue p : parts) {
                    if (p instanceof JsonObject part && part.get("image_url") instanceof JsonObject image
                            && !image.getString("url", "").startsWith("data:")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
