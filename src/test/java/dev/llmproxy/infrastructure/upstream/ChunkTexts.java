package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonObject;

import java.util.function.Consumer;

/** A stream's events as a wire hands them on, gathered as the tests read them. */
public final class ChunkTexts {

    private ChunkTexts() {
    }

    /** Each event as text: what came as text as it is, what a wire built written out. */
    public static ChatWire.Chunks into(Consumer<String> out) {
        return new ChatWire.Chunks() {
            @Override
            public void text(String data) {
                out.accept(data);
            }

            @Override
            public void chunk(JsonObject chunk) {
                out.accept(JsonCodec.writeText(chunk));
            }
        };
    }

    /** Each event as a JSON object: what came as text read, what a wire built as it is. */
    public static ChatWire.Chunks objects(Consumer<JsonObject> out) {
        return new ChatWire.Chunks() {
            @Override
            public void text(String data) {
                out.accept((JsonObject) JsonCodec.read(data));
            }

            @Override
            public void chunk(JsonObject chunk) {
                out.accept(chunk);
            }
        };
    }
}
