package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatDeltas;
import dev.llmproxy.application.proxy.OpenAiUsage;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.util.function.Consumer;

/**
 * A stream's events as a wire hands them on, gathered as the tests read them: what a wire read from its provider's
 * event in the chunk form a chat caller is given.
 */
public final class ChunkTexts {

    private ChunkTexts() {
    }

    /** Each event as text: what came as text as it is, what a wire read written out. */
    public static ChatWire.Chunks into(Consumer<String> out) {
        return new ChatWire.Chunks() {
            @Override
            public void text(String data) {
                out.accept(data);
            }

            @Override
            public void chunk(StreamChunk chunk) {
                out.accept(JsonCodec.writeText(asChat(chunk)));
            }
        };
    }

    /** Each event as a JSON object: what came as text read, what a wire read in chat's form. */
    public static ChatWire.Chunks objects(Consumer<JsonObject> out) {
        return new ChatWire.Chunks() {
            @Override
            public void text(String data) {
                out.accept((JsonObject) JsonCodec.read(data));
            }

            @Override
            public void chunk(StreamChunk chunk) {
                out.accept(asChat(chunk));
            }
        };
    }

    /** A typed chunk as a chat caller's chunk would say it. */
    public static JsonObject asChat(StreamChunk read) {
        if (read instanceof StreamChunk.Error e) {
            return JsonCodec.object().add("error", e.error()).build();
        }
        StreamChunk.Chunk c = (StreamChunk.Chunk) read;
        JsonObjectBuilder chunk = JsonCodec.object().add("object", "chat.completion.chunk");
        if (c.model() != null) {
            chunk.add("model", c.model());
        }
        if (c.id() != null) {
            chunk.add("id", c.id());
        }
        JsonArrayBuilder choices = JsonCodec.array();
        if (c.choice()) {
            JsonObjectBuilder choice = JsonCodec.object().add("index", 0)
                    .add("delta", JsonCodec.read(ChatDeltas.write(c.text(), c.parts())));
            if (c.finish() == null) {
                choice.addNull("finish_reason");
            } else {
                choice.add("finish_reason", c.finish().chat());
            }
            choices.add(choice);
        }
        chunk.add("choices", choices);
        if (c.usage() != null) {
            chunk.add("usage", OpenAiUsage.json(c.usage()));
        }
        return chunk.build();
    }
}
