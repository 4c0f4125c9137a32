package dev.llmproxy.domain.answer;

/**
 * Vectors for the inputs of an embeddings request, in OpenAI's list form as the caller will receive it (encoded as the
 * caller asked): the one dialect that asks for vectors, so they are kept as written.
 */
public record Vectors(byte[] json) implements Answered {
}
