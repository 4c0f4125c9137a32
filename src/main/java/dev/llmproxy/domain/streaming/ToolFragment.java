package dev.llmproxy.domain.streaming;

import dev.llmproxy.domain.conversation.Thinking;

import java.util.List;

/**
 * A piece of a tool call in a streamed answer; its id, name and the provider's state come with its first piece only.
 *
 * @param index     which of the answer's tool calls it belongs to
 * @param id        the call's id as the provider minted it, or ""
 * @param arguments the next part of the call's arguments (JSON text cut anywhere), or ""
 * @param signature the thought signature the provider wants back with this call (Gemini's), or null
 * @param thinking  the signed thinking that led to the answer's first call, to be handed back with it (Claude's)
 */
public record ToolFragment(int index, String id, String name, String arguments, String signature,
                           List<Thinking> thinking) {

    public ToolFragment {
        thinking = thinking == null ? List.of() : List.copyOf(thinking);
    }

    public ToolFragment(int index, String id, String name, String arguments) {
        this(index, id, name, arguments, null, List.of());
    }

    /** The characters it adds, for what counts a stream's size. */
    int size() {
        return id.length() + name.length() + arguments.length();
    }
}
