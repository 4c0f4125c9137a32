package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/** One thinking block of a streamed answer as it comes in: its text and signature, or a redacted block, whole. */
final class StreamedThought {

    private final JsonObject redacted;
    private final StringBuilder text;
    private String signature;

    StreamedThought(JsonObject redacted, String text) {
        this.redacted = redacted;
        this.text = new StringBuilder(text);
    }

    void append(String thinking) {
        text.append(thinking);
    }

    void signed(String signature) {
        this.signature = signature;
    }

    /** The block as Claude wrote it so far. */
    JsonObject block() {
        if (redacted != null) {
            return redacted;
        }
        JsonObjectBuilder block = JsonCodec.object().add("type", "thinking").add("thinking", text.toString());
        return (signature == null ? block : block.add("signature", signature)).build();
    }
}
