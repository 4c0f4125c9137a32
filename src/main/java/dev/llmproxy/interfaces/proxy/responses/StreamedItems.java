package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ToolCallIds;
import dev.llmproxy.domain.streaming.ToolFragment;
import dev.llmproxy.interfaces.proxy.translation.NamedEvents;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/**
 * The output items of a streamed response, one open at a time: a reasoning summary, a message's text or a function
 * call, each added, filled by its deltas and done in turn (a delta of another kind, or another call, closes the open
 * one), with the events the Responses API says for each step.
 */
final class StreamedItems {

    private enum Item { NONE, REASONING, TEXT, CALL }

    private final String requestId;
    private final NamedEvents events;
    private final JsonArrayBuilder items = JsonCodec.array();
    private final JsonArrayBuilder calls = JsonCodec.array();
    private final StringBuilder current = new StringBuilder();
    private int index = -1;
    private Item open = Item.NONE;
    private int callIndex = -1;
    private String callId;
    private String callName;

    StreamedItems(String requestId, NamedEvents events) {
        this.requestId = requestId;
        this.events = events;
    }

    void reasoning(String delta) {
        begin(Item.REASONING);
        current.append(delta);
        events.emit("response.reasoning_summary_text.delta", at().add("summary_index", 0).add("delta", delta));
    }

    void text(String delta) {
        begin(Item.TEXT);
        current.append(delta);
        events.emit("response.output_text.delta", at().add("content_index", 0).add("delta", delta)
                .add("logprobs", JsonCodec.array()));
    }

    void toolCall(ToolFragment call) {
        if (open != Item.CALL || call.index() != callIndex) {
            close();
            callIndex = call.index();
            callId = ToolCallIds.forCaller(call.id(), call.signature(), call.thinking());
            callName = call.name();
            added(Item.CALL, ResponsesWire.functionCall(callId, callName, "", "in_progress"));
        }
        String arguments = call.arguments();
        if (!arguments.isEmpty()) {
            current.append(arguments);
            events.emit("response.function_call_arguments.delta", at().add("delta", arguments));
        }
    }

    /** The items, the open one closed. */
    JsonArray done() {
        close();
        return items.build();
    }

    /** The function calls, as a chat assistant message's {@code tool_calls}; after {@link #done}. */
    JsonArray calls() {
        return calls.build();
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
            events.emit("response.reasoning_summary_part.added", at().add("summary_index", 0)
                    .add("part", summary("")));
        } else {
            added(kind, ResponsesWire.message(requestId, "in_progress", null));
            events.emit("response.content_part.added", at().add("content_index", 0).add("part",
                    ResponsesWire.outputText("")));
        }
    }

    private void added(Item kind, JsonObject item) {
        open = kind;
        index++;
        current.setLength(0);
        events.emit("response.output_item.added", JsonCodec.object().add("output_index", index).add("item", item));
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
                events.emit("response.reasoning_summary_text.done", at().add("summary_index", 0).add("text", text));
                events.emit("response.reasoning_summary_part.done", at().add("summary_index", 0)
                        .add("part", summary(text)));
                item = ResponsesWire.reasoning(requestId, text);
            }
            case TEXT -> {
                events.emit("response.output_text.done", at().add("content_index", 0).add("text", text)
                        .add("logprobs", JsonCodec.array()));
                events.emit("response.content_part.done", at().add("content_index", 0).add("part",
                        ResponsesWire.outputText(text)));
                item = ResponsesWire.message(requestId, "completed", text);
            }
            default -> {
                events.emit("response.function_call_arguments.done", at().add("arguments", text));
                item = ResponsesWire.functionCall(callId, callName, text, "completed");
                calls.add(JsonCodec.object().add("id", callId).add("type", "function").add("function",
                        JsonCodec.object().add("name", callName).add("arguments", text)));
            }
        }
        events.emit("response.output_item.done", JsonCodec.object().add("output_index", index).add("item", item));
        items.add(item);
        open = Item.NONE;
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
}
