package dev.llmproxy.domain.answer;

/**
 * A tool call the model made.
 *
 * @param id        the id the caller hands back with the call's result
 * @param arguments the arguments as the model wrote them (JSON text, not checked)
 */
public record ToolCall(String id, String name, String arguments) {
}
