package dev.llmproxy.interfaces.proxy.translation;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonObjectBuilder;

import java.nio.charset.StandardCharsets;

/**
 * Server-Sent Events named by their type, as Anthropic's and the Responses API's streams have them: {@code event:}
 * the type, {@code data:} an object whose {@code type} repeats it (and, when numbered, its {@code sequence_number}).
 * Events gather here until taken as the bytes to send.
 */
public final class NamedEvents {

    private final boolean numbered;
    private final StringBuilder out = new StringBuilder();
    private int sequence;

    /** @param numbered whether each event carries its {@code sequence_number}, counted from 0 */
    public NamedEvents(boolean numbered) {
        this.numbered = numbered;
    }

    public void emit(String type, JsonObjectBuilder data) {
        JsonObjectBuilder event = JsonCodec.object().add("type", type);
        if (numbered) {
            event.add("sequence_number", sequence++);
        }
        out.append("event: ").append(type).append("\ndata: ").append(JsonCodec.writeText(event.addAll(data).build()))
                .append("\n\n");
    }

    /** An event as its provider sent it: its JSON text unchanged (streams whose events are not numbered). */
    public void asSent(String type, String data) {
        out.append("event: ").append(type).append("\ndata: ").append(data.replace("\n", "\ndata: ")).append("\n\n");
    }

    /** The events gathered since the last take, as bytes to send. */
    public byte[] take() {
        byte[] bytes = out.toString().getBytes(StandardCharsets.UTF_8);
        out.setLength(0);
        return bytes;
    }
}
