package dev.llmproxy.domain.upstream;

import java.util.List;

/**
 * How a caller asked its answer to be drawn, read once at the door: each provider's wire writes what its models take
 * of it, in its own words (Claude and Gemini take {@code top_k}; a caller of the Messages API asks it in a request
 * an OpenAI-compatible server, which does not, never sees). Null is "not asked".
 *
 * @param stop the sequences that end the answer; empty when none
 */
public record Sampling(Double temperature, Double topP, Integer topK, List<String> stop) {

    public static final Sampling NONE = new Sampling(null, null, null, List.of());

    public Sampling {
        stop = stop == null ? List.of() : List.copyOf(stop);
    }

    /** The same, with {@code top_k} as asked. */
    public Sampling withTopK(Integer k) {
        return new Sampling(temperature, topP, k, stop);
    }
}
