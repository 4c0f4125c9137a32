package dev.llmproxy.domain.answer;

/**
 * One of the answers a chat model gave (most ask for one).
 *
 * @param finishReason why it ended, in chat's terms ({@code stop}, {@code length}, {@code tool_calls}...)
 */
public record AnswerChoice(AnswerMessage message, String finishReason) {
}
