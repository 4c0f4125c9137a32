package dev.llmproxy.domain.conversation;

/**
 * What a tool answered to a call.
 *
 * @param callId the id of the call it answers (the function's name, for OpenAI's older function calls)
 * @param name   the function's name when the caller gave it, or null
 * @param text   the result as text
 */
public record ToolResult(String callId, String name, String text, CacheMark cache) implements Part {
}
