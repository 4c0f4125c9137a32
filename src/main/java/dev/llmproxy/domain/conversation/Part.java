package dev.llmproxy.domain.conversation;

/**
 * One piece of a turn, whichever API wrote it: what a door reads from its caller and a provider's wire writes in its
 * own words. A provider that has no form for a kind of part leaves it out, and says so where it matters.
 */
public sealed interface Part permits Text, Image, Audio, File, ToolCall, ToolResult, Thinking, Refusal {
}
