package dev.llmproxy.domain.streaming;

/**
 * A piece of a tool call in a streamed answer; its id and name come with its first piece only.
 *
 * @param index     which of the answer's tool calls it belongs to
 * @param arguments the next part of the call's arguments (JSON text cut anywhere), or ""
 */
public record ToolFragment(int index, String id, String name, String arguments) {
}
