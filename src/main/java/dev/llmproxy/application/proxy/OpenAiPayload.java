package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.config.AllowedModel;
import dev.llmproxy.domain.routing.ChatPayload;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;

import java.io.ByteArrayOutputStream;
import java.util.Map;

/** Renders the caller's request for one model: its upstream name in {@code model}, everything else as sent. */
final class OpenAiPayload implements ChatPayload {

    private static final JsonWriterFactory WRITERS = Json.createWriterFactory(Map.of());

    private final JsonObject body;
    private String lastModel;
    private byte[] lastBody;

    OpenAiPayload(JsonObject body) {
        this.body = body;
    }

    @Override
    public synchronized byte[] bodyFor(AllowedModel model) {
        if (model.upstreamModel().equals(lastModel)) {
            return lastBody;
        }
        JsonObject rendered = Json.createObjectBuilder(body).add("model", model.upstreamModel()).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonWriter w = WRITERS.createWriter(out)) {
            w.writeObject(rendered);
        }
        lastModel = model.upstreamModel();
        lastBody = out.toByteArray();
        return lastBody;
    }
}
