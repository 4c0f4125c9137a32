package dev.llmproxy.infrastructure.upstream.bedrock;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * Converse takes an image's or a document's bytes, never its URL: a request with one by URL cannot be sent as it is.
 */
final class ConverseImages {

    private ConverseImages() {
    }

    /** Whether a chat request holds an image or a file part whose URL is not a {@code data:} URL. */
    static boolean byUrl(JsonObject chat) {
        if (!(chat.get("messages") instanceof JsonArray messages)) {
            return false;
        }
        for (JsonValue m : messages) {
            if (m instanceof JsonObject message && message.get("content") instanceof JsonArray parts) {
                for (JsonValue p : parts) {
                    if (p instanceof JsonObject part && (part.get("image_url") instanceof JsonObject image
                            && !image.getString("url", "").startsWith("data:")
                            || part.get("file") instanceof JsonObject file
                            && !file.getString("file_data", "data:").startsWith("data:"))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
