package dev.llmproxy.domain.answer;

/**
 * One of the answers a chat model gave (most ask for one).
 *
 * @param finish why it ended, or null when its provider did not say
 */
public record AnswerChoice(AnswerMessage message, Finish finish) {
}
