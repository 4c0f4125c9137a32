package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.streaming.DeltaParts;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.streaming.ToolFragment;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.interfaces.json.ErrorWire;
import dev.llmproxy.interfaces.proxy.door.StreamDialect;
import dev.llmproxy.interfaces.proxy.translation.NamedEvents;
import jakarta.json.JsonArrayBuilder;
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

    private enum Item { NONE, REASONING, TEXT, CALL }

    private final String requestId;
    private final long createdAt;
    private final JsonObject request;
    private final BiConsumer<JsonObject, JsonObject> finished;
    private final NamedEvents events = new NamedEvents(true);
    private final JsonArrayBuilder items = JsonCodec.array();
    private final JsonArrayBuilder calls = JsonCodec.array();
    private final StringBuilder answer = new StringBuilder();
    private final StringBuilder current = new StringBuilder();
    private String model;
    private int index = -1;
    private Item open = Item.NONE;
    private int callIndex = -1;
    private String callId;
    private String callName;
    private String finishReason;

    /** @param finished told the whole response and the answer as a chat assistant message, once it is complete */
    ResponsesStream(String requestId, long createdAt, JsonObject request, BiConsumer<JsonObject, JsonObject> finished) {
        this.requestId = requestId;
        this.createdAt = createdAt;
        this.request = request;
        this.finished = finished;
    }

    @Override
    public byte[] open(String upstreamModel) {
        model = upstreamModel;
        JsonObject response = envelope("in_progress").add("output", JsonCodec.array()).addNull("usage").build();
        emit("response.created", JsonCodec.object().add("response", response));
        emit("response.in_progress", JsonCodec.object().add("response", response));
        return events.take();
    }

    @Override
    public void answeredBy(String upstreamModel) {
        // the response names the model that began it
    }

    @Override
    public byte[] event(StreamEvent event) {
        DeltaParts parts = event.parts();
        String reasoning = parts.reasoning();
        if (!reasoning.isEmpty()) {
            begin(Item.REASONING);
            current.append(reasoning);
            emit("response.reasoning_summary_text.delta", at().add("summary_index", 0).add("delta", reasoning));
        }
        String text = event.text() + parts.refusal();
        if (!text.isEmpty()) {
            begin(Item.TEXT);
            current.append(text);
            answer.append(text);
            emit("response.output_text.delta", at().add("content_index", 0).add("delta", text)
                    .add("logprobs", JsonCodec.array()));
        }
        parts.toolCalls().forEach(this::toolCall);
        if (event.finishReason() != null) {
            finishReason = event.finishReason();
        }
        return events.take();
    }

    private void toolCall(ToolFragment call) {
        if (open != Item.CALL || call.index() != callIndex) {
            close();
            callIndex = call.index();
            callId = call.id();
            callName = call.name();
            added(Item.CALL, ResponsesWire.functionCall(callId, callName, "", "in_progress"));
        }
        String arguments = call.arguments();
        if (!arguments.isEmpty()) {
            current.append(arguments);
            emit("response.function_call_arguments.delta", at().add("delta", arguments));
        }
    }

    /** An item of that kind is open, a new one when another kind was. */
    private void begin(Item kind) {
        if (open == kind) {
            return;
        }
        close();
        if (kind == Item.REASONING) {
            added(kind, JsonCodec.object().add("type", "reasoning").add("id", itemId(kind))
                    .add("summary", JsonCodec.array()).build());
            emit("response.reasoning_summary_part.added", at().add("summary_index", 0).add("part", summary("")));
        } else {
            added(kind, ResponsesWire.message(requestId, "in_progress", null));
            emit("response.content_part.added", at().add("content_index", 0).add("part",
                    ResponsesWire.outputText("")));
        }
    }

    private void added(Item kind, JsonObject item) {
        open = kind;
        index++;
        current.setLength(0);
        emit("response.output_item.added", JsonCodec.object().add("output_index", index).add("item", item));
    }

    /** The open item is done: its done events, and it joins the output. */
    private void close() {
        String text = current.toString();
        JsonObject item;
        switch (open) {
            case NONE -> {
                return;
            }
            case REASONING -> {
                emit("response.reasoning_summary_text.done", at().add("summary_index", 0).add("text", text));
                emit("response.reasoning_summary_part.done", at().add("summary_index", 0).add("part", summary(text)));
                item = ResponsesWire.reasoning(requestId, text);
            }
            case TEXT -> {
                emit("response.output_text.done", at().add("content_index", 0).add("text", text)
                        .add("logprobs", JsonCodec.array()));
                emit("response.content_part.done", at().add("content_index", 0).add("part",
                        ResponsesWire.outputText(text)));
                item = ResponsesWire.message(requestId, "completed", text);
            }
            default -> {
                emit("response.function_call_arguments.done", at().add("arguments", text));
                item = ResponsesWire.functionCall(callId, callName, text, "completed");
                calls.add(JsonCodec.object().add("id", callId).add("type", "function").add("function",
                        JsonCodec.object().add("name", callName).add("arguments", text)));
            }
        }
        emit("response.output_item.done", JsonCodec.object().add("output_index", index).add("item", item));
        items.add(item);
        open = Item.NONE;
    }

    @Override
    public byte[] finish(TokenUsage usage) {
        close();
        JsonObject response = ResponsesWire.ended(envelope("completed"), finishReason, items.build(),
                usage == null ? TokenUsage.NONE : usage).build();
        emit("completed".equals(response.getString("status")) ? "response.completed" : "response.incomplete",
                JsonCodec.object().add("response", response));
        finished.accept(response, ResponsesAnswers.assistant(answer.toString(), calls.build()));
        return events.take();
    }

    @Override
    public byte[] error(ProxyError error) {
        JsonObject response = envelope("failed").add("output", JsonCodec.array()).addNull("usage")
                .add("error", JsonCodec.object().add("code", ErrorWire.codeOf(error.kind()))
                        .add("message", error.message())).build();
        emit("response.failed", JsonCodec.object().add("response", response));
        return events.take();
    }

    private JsonObjectBuilder envelope(String status) {
        return ResponsesWire.envelope(requestId, createdAt, request, model, status);
    }

    private JsonObjectBuilder at() {
        return JsonCodec.object().add("item_id", itemId(open)).add("output_index", index);
    }

    private String itemId(Item kind) {
        String bare = ResponsesWire.bare(requestId);
        return switch (kind) {
            case REASONING -> "rs_" + bare;
            case CALL -> "fc_" + callId;
            default -> "msg_" + bare;
        };
    }

    private static JsonObject summary(String text) {
        return JsonCodec.object().add("type", "summary_text").add("text", text).build();
    }

    private void emit(String type, JsonObjectBuilder data) {
        events.emit(type, data);
    }
}
