package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.streaming.SentEvent;
import dev.llmproxy.interfaces.proxy.translation.NamedEvents;
import jakarta.json.JsonObject;

/**
 * Claude's own events in a Messages stream: written as they came, its blocks numbered on after those an earlier
 * model (or an earlier attempt of Claude's) wrote, and its stop reason and stop sequence kept for the stream's end.
 */
final class ClaudeEvents {

    /** What Claude's block numbers are shifted by: the blocks written before its attempt began. */
    private int from;
    /** Claude's {@code message_delta}, when Claude ended the answer. */
    private String end;

    /** The number the block Claude starts takes in the stream, {@code last} being the last block written. */
    int started(SentEvent start, int last) {
        if (from + start.index() <= last) {
            from = last + 1 - start.index(); // another attempt's blocks: numbered after those written
        }
        return from + start.index();
    }

    void ended(SentEvent delta) {
        end = delta.data();
    }

    /** The event as it came, renumbered (the one case it is written again) when blocks came before Claude's. */
    void write(SentEvent e, NamedEvents events) {
        if (from == 0 || e.index() < 0) {
            events.asSent(e.type(), e.data());
            return;
        }
        JsonObject renumbered = JsonCodec.object((JsonObject) JsonCodec.read(e.data()))
                .add("index", from + e.index()).build();
        events.asSent(e.type(), JsonCodec.writeText(renumbered));
    }

    /** The stop reason and stop sequence: as Claude said them when Claude ended the answer, else from the finish. */
    JsonObject ending(Finish finish) {
        if (end != null && JsonCodec.read(end) instanceof JsonObject e && e.get("delta") instanceof JsonObject said) {
            return said;
        }
        return JsonCodec.object().add("stop_reason", MessagesWire.stopReason(finish)).addNull("stop_sequence")
                .build();
    }
}
