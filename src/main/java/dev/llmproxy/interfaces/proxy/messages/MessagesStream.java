package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ToolCallIds;
import dev.llmproxy.domain.answer.Sent;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.streaming.DeltaParts;
import dev.llmproxy.domain.streaming.SentEvent;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.streaming.ToolFragment;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.interfaces.proxy.door.StreamDialect;
import dev.llmproxy.interfaces.proxy.translation.NamedEvents;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;


/**
 * One streamed answer in Anthropic's events: {@code message_start} and a {@code ping}, then a content block per kind
 * of delta (thinking, text, each tool call), each opened, filled and stopped in turn, and at the end
 * {@code message_delta} with the stop reason and usage, then {@code message_stop}. Claude's own content blocks go as
 * Claude sent them (citations, server tools' blocks and all), numbered on after those of an earlier model.
 */
final class MessagesStream implements StreamDialect {

    private enum Block { NONE, THINKING, TEXT, TOOL, AS_SENT }

    private final String messageId;
    private final NamedEvents events = new NamedEvents(false);
    private Block open = Block.NONE;
    private int index = -1;
    private int toolCall = -1;
    private Finish finish;
    private final ClaudeEvents claude = new ClaudeEvents();

    MessagesStream(String requestId) {
        this.messageId = MessagesWire.messageId(requestId);
    }

    @Override
    public byte[] open(String upstreamModel) {
        JsonObject message = JsonCodec.object().add("id", messageId).add("type", "message").add("role", "assistant")
                .add("model", upstreamModel == null ? "" : upstreamModel).add("content", JsonCodec.array())
                .addNull("stop_reason").addNull("stop_sequence")
                .add("usage", JsonCodec.object().add("input_tokens", 0).add("output_tokens", 0)).build();
        emit("message_start", JsonCodec.object().add("message", message));
        emit("ping", JsonCodec.object());
        return events.take();
    }

    @Override
    public byte[] idle() {
        emit("ping", JsonCodec.object());
        return events.take();
    }

    @Override
    public void answeredBy(String upstreamModel) {
        // Anthropic's events name the model once, in message_start.
    }

    @Override
    public byte[] event(StreamEvent event) {
        if (event.finish() != null) {
            finish = event.finish();
        }
        if (!event.sent().isEmpty() && event.sent().get(0).dialect() == Sent.Dialect.MESSAGES) {
            event.sent().forEach(this::asSent);
            return events.take();
        }
        DeltaParts parts = event.parts();
        if (!parts.reasoning().isEmpty()) {
            delta(Block.THINKING, JsonCodec.object().add("type", "thinking_delta").add("thinking", parts.reasoning()));
        }
        thinkingEnds(parts);
        String text = event.text() + parts.refusal();
        if (!text.isEmpty()) {
            delta(Block.TEXT, JsonCodec.object().add("type", "text_delta").add("text", text));
        }
        parts.toolCalls().forEach(this::toolCall);
        return events.take();
    }

    /** One of Claude's events: its blocks as they came; the message's start, end and pings are the stream's own. */
    private void asSent(SentEvent e) {
        switch (e.type()) {
            case "message_start", "message_stop", "ping", "error" -> {
                // said once for the whole stream, whichever models answer
            }
            case "message_delta" -> claude.ended(e);
            case "content_block_start" -> {
                stopBlock();
                index = claude.started(e, index);
                open = Block.AS_SENT;
                claude.write(e, events);
            }
            case "content_block_stop" -> {
                claude.write(e, events);
                open = Block.NONE;
            }
            default -> claude.write(e, events); // deltas, and events Claude may add
        }
    }

    private void toolCall(ToolFragment call) {
        if (open != Block.TOOL || call.index() != toolCall) {
            stopBlock();
            toolCall = call.index();
            open = Block.TOOL;
            index++;
            emit("content_block_start", JsonCodec.object().add("index", index).add("content_block", JsonCodec.object()
                    .add("type", "tool_use").add("id", ToolCallIds.carry(call.id(), call.signature())).add("name", call.name())
                    .add("input", JsonValue.EMPTY_JSON_OBJECT)));
        }
        String arguments = call.arguments();
        if (!arguments.isEmpty()) {
            emit("content_block_delta", JsonCodec.object().add("index", index).add("delta", JsonCodec.object()
                    .add("type", "input_json_delta").add("partial_json", arguments)));
        }
    }

    /**
     * A thinking block's end as Claude streamed it: its signature closes the block (one that showed no text is
     * opened for it), and redacted thinking is a block of its own, whole. So each block reaches the caller signed, as
     * Anthropic would have sent it, ready to be handed back in a tool loop.
     */
    private void thinkingEnds(DeltaParts parts) {
        String signature = parts.thinkingSignature();
        if (signature != null) {
            delta(Block.THINKING, JsonCodec.object().add("type", "signature_delta").add("signature", signature));
            stopBlock();
        }
        String redacted = parts.redactedThinking();
        if (redacted != null) {
            stopBlock();
            index++;
            emit("content_block_start", JsonCodec.object().add("index", index).add("content_block", JsonCodec.object()
                    .add("type", "redacted_thinking").add("data", redacted)));
            emit("content_block_stop", JsonCodec.object().add("index", index));
        }
    }

    /** A delta for a block of that kind, opening one first when another kind is open. */
    private void delta(Block kind, JsonObjectBuilder delta) {
        if (open != kind) {
            stopBlock();
            open = kind;
            index++;
            JsonObjectBuilder block = kind == Block.THINKING
                    ? JsonCodec.object().add("type", "thinking").add("thinking", "").add("signature", "")
                    : JsonCodec.object().add("type", "text").add("text", "");
            emit("content_block_start", JsonCodec.object().add("index", index).add("content_block", block));
        }
        emit("content_block_delta", JsonCodec.object().add("index", index).add("delta", delta));
    }

    private void stopBlock() {
        if (open != Block.NONE) {
            emit("content_block_stop", JsonCodec.object().add("index", index));
            open = Block.NONE;
        }
    }

    @Override
    public byte[] finish(TokenUsage usage) {
        stopBlock();
        emit("message_delta", JsonCodec.object().add("delta", claude.ending(finish))
                .add("usage", MessagesWire.usage(usage == null ? TokenUsage.NONE : usage)));
        emit("message_stop", JsonCodec.object());
        return events.take();
    }

    @Override
    public byte[] error(ProxyError error) {
        emit("error", JsonCodec.object(MessagesErrors.body(error, null)));
        return events.take();
    }

    private void emit(String type, JsonObjectBuilder data) {
        events.emit(type, data);
    }
}
