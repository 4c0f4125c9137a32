package dev.llmproxy.domain.conversation;

import java.util.List;

/** One message of a conversation: who speaks, and its parts in order. */
public record Turn(Role role, List<Part> parts) {

    public Turn {
        parts = List.copyOf(parts);
    }

    /** The tool calls among its parts, in order. */
    public List<ToolCall> calls() {
        return parts.stream().filter(ToolCall.class::isInstance).map(ToolCall.class::cast).toList();
    }

    /** The thinking among its parts, in order. */
    public List<Thinking> thinking() {
        return parts.stream().filter(Thinking.class::isInstance).map(Thinking.class::cast).toList();
    }
}
