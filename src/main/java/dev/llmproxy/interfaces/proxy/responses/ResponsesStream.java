package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.streaming.DeltaParts;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.interfaces.json.ErrorWire;
import dev.llmproxy.interfaces.proxy.door.StreamDialect;
import dev.llmproxy.interfaces.proxy.translation.NamedEvents;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.util.function.BiConsumer;

/**
 * One streamed answer in the Responses API's events, each with its {@code sequence_number}: the response created and
 * in progress, then an output item per kind of delta (reasoning summary, text, each function call), each added,
 * filled and done in turn, and at the end {@code response.completed} (or {@code response.incomplete}) holding the
 * whole response. A break no model can finish is {@code response.failed}, and then the cut.
 */
final class ResponsesStream implements StreamDialect {

    private final String requestId;
    private final long createdAt;
    private final JsonObject request;
    private final BiConsumer<JsonObject, JsonObject> finished;
    private final NamedEvents events = new NamedEvents(true);
    private final StreamedItems output;
    private final StringBuilder answer = new StringBuilder();
    private String model;
    private Finish finish;

    /** @param finished told the whole response and the answer as a chat assistant message, once it is complete */
    ResponsesStream(String requestId, long createdAt, JsonObject request, BiConsumer<JsonObject, JsonObject> finished) {
        this.requestId = requestId;
        this.createdAt = createdAt;
        this.request = request;
        this.finished = finished;
        this.output = new StreamedItems(requestId, events);
    }

    @Override
    public byte[] open(String upstreamModel) {
        model = upstreamModel;
        JsonObject response = envelope("in_progress").add("output", JsonCodec.array()).addNull("usage").build();
        events.emit("response.created", JsonCodec.object().add("response", response));
        events.emit("response.in_progress", JsonCodec.object().add("response", response));
        return events.take();
    }

    @Override
    public void answeredBy(String upstreamModel) {
        // the response names the model that began it
    }

    @Override
    public byte[] event(StreamEvent event) {
        DeltaParts parts = event.parts();
        if (!parts.reasoning().isEmpty()) {
            output.reasoning(parts.reasoning());
        }
        String text = event.text() + parts.refusal();
        if (!text.isEmpty()) {
            output.text(text);
            answer.append(text);
        }
        parts.toolCalls().forEach(output::toolCall);
        if (event.finish() != null) {
            finish = event.finish();
        }
        return events.take();
    }

    @Override
    public byte[] finish(TokenUsage usage) {
        JsonObject response = ResponsesWire.ended(envelope("completed"), finish, output.done(),
                usage == null ? TokenUsage.NONE : usage).build();
        events.emit("completed".equals(response.getString("status")) ? "response.completed" : "response.incomplete",
                JsonCodec.object().add("response", response));
        finished.accept(response, ResponsesAnswers.assistant(answer.toString(), output.calls()));
        return events.take();
    }

    @Override
    public byte[] error(ProxyError error) {
        JsonObject response = envelope("failed").add("output", JsonCodec.array()).addNull("usage")
                .add("error", JsonCodec.object().add("code", ErrorWire.codeOf(error.kind()))
                        .add("message", error.message())).build();
        events.emit("response.failed", JsonCodec.object().add("response", response));
        return events.take();
    }

    private JsonObjectBuilder envelope(String status) {
        return ResponsesWire.envelope(requestId, createdAt, request, model, status);
    }
}
