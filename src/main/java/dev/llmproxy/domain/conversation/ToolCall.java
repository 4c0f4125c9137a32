package dev.llmproxy.domain.conversation;

/**
 * A tool call the model made.
 *
 * @param id        the id the caller hands back with the call's result
 * @param arguments the arguments as the model wrote them (JSON text, not checked)
 * @param signature the provider's opaque state it wants back with the call on the next turn (Gemini's thought
 *                  signature), or null
 * @param cache     a cache breakpoint after the call, when a caller set one on an earlier turn's call; else null
 */
public record ToolCall(String id, String name, String arguments, String signature, CacheMark cache) implements Part {

    public ToolCall(String id, String name, String arguments) {
        this(id, name, arguments, null, null);
    }

    public ToolCall(String id, String name, String arguments, String signature) {
        this(id, name, arguments, signature, null);
    }
}
