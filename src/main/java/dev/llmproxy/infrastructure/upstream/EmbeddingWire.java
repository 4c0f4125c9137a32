package dev.llmproxy.infrastructure.upstream;

/**
 * How a kind of provider is asked for vectors. Its answer is whole (embeddings are never streamed) and is one vector
 * per input of the length and encoding asked, in OpenAI's {@code /v1/embeddings} shape, or a malformed attempt
 * (the embeddings package checks both what a provider sent and what a wire built).
 */
public interface EmbeddingWire extends Wire {
}
