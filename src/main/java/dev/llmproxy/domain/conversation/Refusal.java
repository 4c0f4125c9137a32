package dev.llmproxy.domain.conversation;

/** What a model said instead of answering, on an earlier assistant turn. */
public record Refusal(String text) implements Part {
}
