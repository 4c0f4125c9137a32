package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.config.AllowedModel;
import dev.llmproxy.domain.routing.ChatPayload;
import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonObject;

/** Renders the caller's request for one model: its upstream name in {@code model}, everything else as sent. */
final class OpenAiPayload implements ChatPayload {

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
        lastBody = JsonCodec.write(JsonCodec.object(body).add("model", model.upstreamModel()).build());
        lastModel = model.upstreamModel();
        return lastBody;
    }
}
