package dev.llmproxy.domain.answer;

/** What a completed attempt answered, by operation: a chat model's message, or vectors. */
public sealed interface Answered permits ChatAnswer, Vectors {
}
