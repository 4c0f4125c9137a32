package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.routing.ChatPayload;
import dev.llmproxy.domain.upstream.RequestBody;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/** Renders the caller's request for one model: its upstream name in {@code model}, everything else as sent. */
final class OpenAiPayload implements ChatPayload {

    private final JsonObject body;
    /** The request as the door read it: what each model's body carries beside the body itself. */
    private final ChatJson read;
    private String lastModel;
    private ChatJson lastBody;

    OpenAiPayload(ChatRequest request) {
        this.body = request.stream() ? withUsageReported(request.body()) : request.body();
        this.read = ChatJson.from(request);
    }

    /** Streams always ask the upstream for usage, so the log has tokens whether or not the caller asked for them. */
    private static JsonObject withUsageReported(JsonObject body) {
        JsonObject options = body.get("stream_options") instanceof JsonObject o ? o : JsonValue.EMPTY_JSON_OBJECT;
        return JsonCodec.object(body)
                .add("stream_options", JsonCodec.object(options).add("include_usage", true))
                .build();
    }

    /**
     * The conversation plus the answer so far as an assistant message, which a prefill-capable model continues: in
     * chat's form, which holds the answer so far (the caller's own form does not).
     */
    @Override
    public RequestBody continuationFor(AllowedModel model, String partialAnswer) {
        JsonArrayBuilder messages = JsonCodec.array();
        body.getJsonArray("messages").forEach(messages::add);
        messages.add(JsonCodec.object().add("role", "assistant").add("content", partialAnswer));
        return read.continuing(JsonCodec.object(body).add("model", model.upstreamModel()).add("messages", messages)
                .build(), partialAnswer);
    }

    @Override
    public synchronized RequestBody bodyFor(AllowedModel model) {
        if (model.upstreamModel().equals(lastModel)) {
            return lastBody;
        }
        lastBody = read.withBody(JsonCodec.object(body).add("model", model.upstreamModel()).build());
        lastModel = model.upstreamModel();
        return lastBody;
    }
}
